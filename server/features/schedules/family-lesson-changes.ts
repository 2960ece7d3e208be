// Lesson changes held for a household's guardians (issue 37, finding 14): a class moved, cancelled or
// re-addressed by the desk (class-notices.ts) and a child's lesson cancelled (cancel-lesson.ts) are not
// sent to the guardians at once but written here, in the change's transaction; the job
// `family-lesson-changes` (notices/jobs/lesson-change-digests.ts) sends each household's changes as one
// message per guardian and channel LESSON_CHANGE_DIGEST_MINUTES after the first of them. Several changes
// within those minutes (five lessons cancelled one after the other) are then one email and one SMS.
import type { Prisma } from '../../generated/prisma/client';
import type { Text } from '../../i18n/text';

/** What happened to one lesson, as it was when it happened (names are read when it is sent). */
export interface HeldChangeFacts {
  /** A class moved, cancelled or re-addressed (class-notices.ts), or the child's own lesson cancelled. */
  kind: 'moved' | 'cancelled' | 'changed' | 'lesson-cancelled';
  course: string;
  /** The lesson's start before the change and after it (ISO instants). */
  was: string;
  now: string;
  /** The place the family reads after a change of place. */
  address: string | null;
  /** A lesson cancelled: what it costs and gives (lesson-texts.ts consequenceText). */
  consequence?: Text;
  /** Addresses (lower case) the student's own message about it reached at once: not written to again. */
  reached?: string[];
  /** An SMS reply cancelled it and was answered by SMS: no SMS about it. */
  noSms?: boolean;
}

export interface HeldChange {
  organisationId: number;
  householdId: number;
  studentId: number;
  scheduleId: number;
  queuedById: number | null;
  facts: HeldChangeFacts;
}

/** Holds `changes` for their households' next message, in transaction `tx`. */
export async function holdLessonChanges(tx: Prisma.TransactionClient, changes: readonly HeldChange[]) {
  if (!changes.length) return;
  await tx.familyLessonChange.createMany({
    data: changes.map((change) => ({ ...change, facts: change.facts as unknown as Prisma.InputJsonValue })),
  });
}
