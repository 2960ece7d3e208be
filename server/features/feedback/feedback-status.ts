// The class's feedback email status (DECISIONS.md "Feedback email status"), computed in one place
// from what is stored: the class's status, whether its feedback was submitted, whether any student
// opted in, and its feedback messages. Every event that can move it (class changes through
// afterClassChange, submit, retry, a feedback message settling in the worker) calls
// syncFeedbackStatus, which writes the status and the operators' notices in the caller's transaction.
import type { MessageStatus, NotificationStatus, Prisma, ScheduleStatus } from '../../generated/prisma/client';
import { centreUsersWithRole, createNotices } from '../../notices/create-notices';

type Tx = Prisma.TransactionClient;

export const FEEDBACK_TEMPLATE = 'feedback';

export interface FeedbackState {
  classStatus: ScheduleStatus;
  submitted: boolean;
  /** Any ATTENDED student of the class would get a feedback email (see needsFeedbackFrom). */
  optedIn: boolean;
  /** Statuses of the class's feedback messages. */
  messages: readonly MessageStatus[];
}

/**
 * Once submitted, the status follows the messages (whatever happens to the class afterwards): every
 * one SENT → SENT, any still queued or sending → PENDING, else (some FAILED after their last attempt)
 * SEND_FAILED; submitted with no recipient → NOT_REQUIRED. Before submission: a COMPLETED class with an
 * ATTENDED opted-in student is MISSING_FEEDBACK, anything else (planned, reopened, cancelled, nobody
 * opted in, only absent or excused families opted in) NOT_REQUIRED.
 *
 * This is THE rule for "this class needs feedback": the teacher's list (feedbackDue), the daily
 * reminder and the dashboard card read the stored MISSING_FEEDBACK status (NEEDS_FEEDBACK), never a
 * condition of their own.
 */
export function feedbackStatusOf(state: FeedbackState): NotificationStatus {
  if (state.submitted) {
    if (state.messages.length === 0) return 'NOT_REQUIRED';
    if (state.messages.every((s) => s === 'SENT')) return 'SENT';
    if (state.messages.some((s) => s === 'QUEUED' || s === 'SENDING')) return 'PENDING';
    return 'SEND_FAILED';
  }
  return state.classStatus === 'COMPLETED' && state.optedIn ? 'MISSING_FEEDBACK' : 'NOT_REQUIRED';
}

/** The stored status of a class whose feedback is due: every list and job filters on it. */
export const NEEDS_FEEDBACK = 'MISSING_FEEDBACK' as const satisfies NotificationStatus;

/** Whether the students of a class make it need feedback once taught: one who ATTENDED and gets the email. */
export function needsFeedbackFrom(
  students: readonly { attendance: string | null; student: Parameters<typeof feedbackRecipient>[0] }[],
): boolean {
  return students.some((s) => s.attendance === 'ATTENDED' && feedbackRecipient(s.student) !== null);
}

/** A student's feedback address, or null when their family gets no feedback email. */
export function feedbackRecipient(student: {
  feedbackNotification: boolean;
  allowEmail: boolean;
  feedbackEmail: string | null;
  email: string | null;
}): string | null {
  if (!student.feedbackNotification || !student.allowEmail) return null;
  return student.feedbackEmail?.trim() || student.email?.trim() || null;
}

export const recipientSelect = {
  feedbackNotification: true,
  allowEmail: true,
  feedbackEmail: true,
  email: true,
} as const satisfies Prisma.StudentSelect;

/**
 * Brings the notification status of classes `ids` in line with their state, in transaction `tx`
 * (callers hold the classes' row locks or run where the class cannot change underneath). A class
 * turning MISSING_FEEDBACK or SEND_FAILED notifies the centre's operators once per event.
 */
export async function syncFeedbackStatus(tx: Tx, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  // One query after the other: a transaction runs on one connection.
  const classes = await tx.schedule.findMany({
    where: { id: { in: [...ids] } },
    select: {
      id: true,
      organisationId: true,
      status: true,
      notificationStatus: true,
      startAt: true,
      course: { select: { name: true } },
      feedback: { select: { submittedAt: true } },
      students: { select: { attendance: true, student: { select: recipientSelect } } },
    },
  });
  // The feedback emails decide the status only once feedback is submitted (feedbackStatusOf): read for
  // those classes alone, and not at all for the usual confirmation or change of a class without any.
  const submitted = classes.filter((row) => row.feedback?.submittedAt).map((row) => row.id);
  const messages = submitted.length
    ? await tx.message.findMany({
        where: { template: FEEDBACK_TEMPLATE, entityType: 'SCHEDULE', entityId: { in: submitted } },
        select: { entityId: true, status: true, attempts: true },
      })
    : [];
  for (const row of classes) {
    const own = messages.filter((m) => m.entityId === row.id);
    const next = feedbackStatusOf({
      classStatus: row.status,
      submitted: !!row.feedback?.submittedAt,
      optedIn: needsFeedbackFrom(row.students),
      messages: own.map((m) => m.status),
    });
    if (next === row.notificationStatus) continue;
    await tx.schedule.update({ where: { id: row.id }, data: { notificationStatus: next } });
    if (next === 'MISSING_FEEDBACK' || next === 'SEND_FAILED') {
      const operators = await centreUsersWithRole(tx, row.organisationId);
      // A failure round is told apart by the attempts so far: a retry that fails again notifies again,
      // the same failure seen twice (a job delivered twice) does not.
      const round = own.reduce((sum, m) => sum + m.attempts, 0);
      await createNotices(tx, operators, {
        organisationId: row.organisationId,
        type: next === 'MISSING_FEEDBACK' ? 'FEEDBACK_MISSING' : 'FEEDBACK_FAILED',
        entityType: 'SCHEDULE',
        entityId: row.id,
        data: { course: row.course.name, startAt: row.startAt.toISOString() },
        key:
          next === 'MISSING_FEEDBACK'
            ? `FEEDBACK_MISSING:schedule:${row.id}`
            : `FEEDBACK_FAILED:schedule:${row.id}:${round}`,
      });
    }
  }
}

/** How far back a student's changed opt-in re-decides their classes (the teacher's list shows 60 days). */
const RESYNC_DAYS = 60;

/**
 * After a student's feedback opt-in or address changed: their recent COMPLETED classes whose feedback
 * is not submitted get the status the rule now gives (older ones keep theirs, so a change of settings
 * never floods the operators with notices about years-old classes).
 */
export async function resyncStudentFeedback(tx: Tx, studentId: number): Promise<void> {
  const rows = await tx.schedule.findMany({
    where: {
      status: 'COMPLETED',
      notificationStatus: { in: ['NOT_REQUIRED', NEEDS_FEEDBACK] },
      startAt: { gte: new Date(Date.now() - RESYNC_DAYS * 86_400_000) },
      students: { some: { studentId } },
      OR: [{ feedback: null }, { feedback: { submittedAt: null } }],
    },
    select: { id: true },
  });
  await syncFeedbackStatus(
    tx,
    rows.map((r) => r.id),
  );
}
