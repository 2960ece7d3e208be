// One student's lesson cancelled (issue 22), by the family, the centre or the teacher, from the desk,
// the portal or an SMS reply, and undone. Everything in the caller's transaction, under the class's
// row lock (so ten concurrent cancellations of one lesson post one outcome): the student's line, the
// class itself for a one-on-one, the make-up credit (granted, or the make-up's own given back), the
// voucher charge (through syncClassCharges), the audit event, the operators' notice, the freed seat
// and the family's confirmation in each guardian's language (held for the household's one message of
// lesson changes: schedules/family-lesson-changes.ts).
import { DateTime } from 'luxon';
import { CANCELLATION_CHANGED_MESSAGE } from '../../../src/contracts/lessons';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { notFound } from '../../http/tenancy';
import type { Text } from '../../i18n/text';
import type { MessageQueue } from '../../messaging/queue';
import { recipientsFor } from '../../notices/channels';
import { centreUsersWithRole, createNotices } from '../../notices/create-notices';
import { householdGuardiansSelect } from '../households/guardian-recipients';
import { kindRecipients } from '../households/message-choices';
import { amountFor } from '../money/class-amounts';
import { fixed2 } from '../money/money-text';
import { lockClass } from '../schedules/class-change';
import { holdLessonChanges } from '../schedules/family-lesson-changes';
import { seatFreed } from '../seats/seat-freed';
import { syncClassCharges } from '../vouchers/class-charges';
import { familyCreditsInPeriod, grantCredit, returnCredit, revokeCredit, useCredit as takeCredit } from './credits';
import { consequenceText } from './lesson-texts';
import {
  type CancellationOutcome,
  type Canceller,
  evaluateCancellation,
  type LessonPolicy,
  policySelect,
  quotaPeriodOf,
  shareOf,
} from './policy';

type Tx = Prisma.TransactionClient;
type Db = Tx | PrismaClient;

export type CancelSource = 'DESK' | 'PORTAL' | 'SMS';

export interface CancelLessonInput {
  organisationId: number;
  scheduleId: number;
  studentId: number;
  by: Canceller;
  reason: string | null;
  /** The login that cancels; null for an SMS reply (the family, without a login). */
  actorUserId: number | null;
  source: CancelSource;
  now?: Date;
  /** Sends the family's confirmation; absent in processes without messaging (nothing is sent). */
  queue?: MessageQueue;
  /** What the person was shown (the preview): another outcome is refused (409). */
  expected?: { charge: string | null; credit: boolean };
}

export type PreviewInput = Omit<CancelLessonInput, 'expected' | 'queue' | 'reason' | 'actorUserId' | 'source'> &
  Partial<Pick<CancelLessonInput, 'reason' | 'actorUserId' | 'source'>>;

/** What cancelling a student's lesson would post (the preview) or posted (the outcome). */
export interface LessonConsequence extends CancellationOutcome {
  by: Canceller;
  noticeHours: number;
  lessonStartAt: Date;
  /** The last moment a family can cancel in time. */
  deadline: Date;
  /** The amount charged ('0.00' when nothing); null when the class is not paid by voucher. */
  charge: string | null;
  currency: string;
  /** The consequence in one sentence, rendered in the reader's language by the caller. */
  summary: Text;
}

export interface LessonEventResult {
  scheduleId: number;
  studentId: number;
  by: Canceller;
  late: boolean;
  cancelledAt: Date;
  charge: string | null;
  chargePercent: number;
  /** The credit granted or given back (cancel), or revoked / used again (undo); null when none. */
  creditId: number | null;
  credit: boolean;
  returnCredit: boolean;
  quotaReached: boolean;
  classCancelled: boolean;
  teacherPaid: boolean;
  summary: Text;
  told: { teachers: number; families: number };
  /** What the SMS reply and the notices name. */
  studentName: string;
  courseName: string;
  lessonStartAt: Date;
  timeZone: string;
}

const lessonSelect = {
  id: true,
  organisationId: true,
  status: true,
  courseType: true,
  courseId: true,
  termId: true,
  startAt: true,
  endAt: true,
  paymentType: true,
  price: true,
  hourlyRate: true,
  teacher: { select: { userId: true, deletedAt: true } },
  course: { select: { name: true } },
  organisation: { select: { name: true, timeZone: true, currency: true, ...policySelect } },
  students: {
    select: {
      studentId: true,
      hourlyRate: true,
      cancelledAt: true,
      cancelledBy: true,
      cancelLate: true,
      cancelReason: true,
      cancelledById: true,
      chargePercent: true,
      makeUpCreditId: true,
      attendance: true,
      student: { select: { firstName: true, lastName: true, studentId: true } },
    },
  },
} as const satisfies Prisma.ScheduleSelect;
type Lesson = Prisma.ScheduleGetPayload<{ select: typeof lessonSelect }>;
type Line = Lesson['students'][number];

async function loadLesson(db: Db, organisationId: number, scheduleId: number, studentId: number) {
  const lesson = await db.schedule.findFirst({ where: { id: scheduleId, organisationId }, select: lessonSelect });
  if (!lesson) throw notFound('Class', scheduleId);
  const line = lesson.students.find((s) => s.studentId === studentId);
  if (!line) throw new AppError('not_found', 'The student is not on this class');
  return { lesson, line };
}

/** The policy's outcome for this line now, with the amount it charges and the sentence that says so. */
async function consequenceOf(
  db: Db,
  lesson: Lesson,
  line: Line,
  by: Canceller,
  now: Date,
): Promise<LessonConsequence & { quotaPeriod: string; policy: LessonPolicy }> {
  const policy: LessonPolicy = lesson.organisation;
  const zone = lesson.organisation.timeZone;
  const localDate = DateTime.fromJSDate(lesson.startAt, { zone }).toISODate() ?? lesson.startAt.toISOString();
  const quotaPeriod = quotaPeriodOf(lesson.termId, localDate.slice(0, 10));
  const others = lesson.students.filter((s) => s.studentId !== line.studentId && s.cancelledAt === null);
  const makeUp = line.makeUpCreditId !== null;
  const creditsInPeriod = by === 'FAMILY' ? await familyCreditsInPeriod(db as Tx, line.studentId, quotaPeriod) : 0;
  const outcome = evaluateCancellation(policy, {
    by,
    at: now,
    lessonStartAt: lesson.startAt,
    wholeClass: false,
    oneOnOne: lesson.courseType === 'ONE_ON_ONE' && others.length === 0,
    makeUp,
    creditsInPeriod,
  });
  const lessonAmount = lesson.price
    ? lesson.price
    : amountFor(line.hourlyRate ?? lesson.hourlyRate, lesson.startAt, lesson.endAt);
  const charge =
    lesson.paymentType !== 'VOUCHER'
      ? null
      : fixed2(makeUp || !outcome.chargePercent ? 0 : shareOf(lessonAmount, outcome.chargePercent));
  const currency = lesson.organisation.currency;
  return {
    ...outcome,
    by,
    noticeHours: policy.noticeHours,
    lessonStartAt: lesson.startAt,
    deadline: new Date(lesson.startAt.getTime() - policy.noticeHours * 3_600_000),
    charge,
    currency,
    summary: consequenceText({
      by,
      late: outcome.late,
      noticeHours: policy.noticeHours,
      charge,
      chargePercent: outcome.chargePercent,
      currency,
      credit: outcome.credit,
      returnCredit: outcome.returnCredit,
      quotaReached: outcome.quotaReached,
      makeUpQuota: policy.makeUpQuota,
      makeUp,
    }),
    quotaPeriod,
    policy,
  };
}

function refuseUnlessCancellable(lesson: Lesson, line: Line) {
  if (line.cancelledAt !== null) throw new AppError('conflict', 'This lesson was cancelled already');
  if (lesson.status !== 'PLANNED') throw new AppError('conflict', 'Only a lesson of a planned class can be cancelled');
}

/** What cancelling the student's lesson now would post (nothing is written). */
export async function previewStudentCancellation(db: Db, input: PreviewInput): Promise<LessonConsequence> {
  const { lesson, line } = await loadLesson(db, input.organisationId, input.scheduleId, input.studentId);
  refuseUnlessCancellable(lesson, line);
  const {
    quotaPeriod: _q,
    policy: _p,
    ...preview
  } = await consequenceOf(db, lesson, line, input.by, input.now ?? new Date());
  return preview;
}

const lineAudit = (
  line: Pick<Line, 'cancelledAt' | 'cancelledBy' | 'cancelLate' | 'cancelReason' | 'chargePercent'>,
) => ({
  cancelledAt: line.cancelledAt,
  cancelledBy: line.cancelledBy,
  cancelLate: line.cancelLate,
  cancelReason: line.cancelReason,
  chargePercent: line.chargePercent,
});

async function writeAudit(
  tx: Tx,
  organisationId: number,
  actorUserId: number | null,
  lesson: Lesson,
  line: Line,
  action: 'CANCEL' | 'UPDATE',
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  notifyTeacher: boolean,
) {
  const student = `${line.student.firstName} ${line.student.lastName} (${line.student.studentId})`;
  await tx.auditEvent.create({
    data: {
      organisationId,
      actorId: actorUserId,
      entityType: 'SCHEDULE',
      entityId: lesson.id,
      action,
      before: JSON.parse(
        JSON.stringify({ ...(before.class as object), students: [{ student, ...(before.line as object) }] }),
      ),
      after: JSON.parse(
        JSON.stringify({ ...(after.class as object), students: [{ student, ...(after.line as object) }] }),
      ),
      notifyTeacher,
    },
  });
}

/**
 * The family's confirmation, to each guardian by their choices for lesson changes and in their language:
 * held, so that it goes with the household's other lesson changes of these minutes as one message
 * (lesson-texts.ts words it when it is alone). Nothing without a queue (no messaging in this process).
 */
async function tellFamily(
  tx: Tx,
  queue: MessageQueue | undefined,
  input: CancelLessonInput,
  lesson: Lesson,
  line: Line,
  summary: Text,
): Promise<number> {
  if (!queue) return 0;
  const student = await tx.student.findUniqueOrThrow({
    where: { id: line.studentId },
    select: { household: { select: { id: true, ...householdGuardiansSelect } } },
  });
  const household = student.household;
  // An SMS reply is answered by the reply itself: no second SMS.
  const told = (household ? kindRecipients(household.guardians, 'LESSON_CHANGES') : []).filter(
    (to) => to.email || (to.phone && input.source !== 'SMS'),
  );
  if (!household || !told.length) return 0;
  await holdLessonChanges(tx, [
    {
      organisationId: input.organisationId,
      householdId: household.id,
      studentId: line.studentId,
      scheduleId: lesson.id,
      queuedById: input.actorUserId,
      facts: {
        kind: 'lesson-cancelled',
        course: lesson.course.name,
        was: lesson.startAt.toISOString(),
        now: lesson.startAt.toISOString(),
        address: null,
        consequence: summary,
        ...(input.source === 'SMS' ? { noSms: true } : {}),
      },
    },
  ]);
  return 1;
}

/**
 * Cancels the student's lesson with the centre's policy, posted once in the caller's transaction:
 * 404 for a class of another centre or a student not on it, 409 for a lesson cancelled already or a
 * class no longer planned, 409 CANCELLATION_CHANGED_MESSAGE when `expected` differs from the outcome.
 */
export async function cancelStudentLesson(tx: Tx, input: CancelLessonInput): Promise<LessonEventResult> {
  const now = input.now ?? new Date();
  await lockClass(tx, input.scheduleId, input.organisationId);
  const { lesson, line } = await loadLesson(tx, input.organisationId, input.scheduleId, input.studentId);
  refuseUnlessCancellable(lesson, line);
  const outcome = await consequenceOf(tx, lesson, line, input.by, now);
  if (input.expected && (input.expected.charge !== outcome.charge || input.expected.credit !== outcome.credit))
    throw new AppError('conflict', CANCELLATION_CHANGED_MESSAGE);

  const where = { scheduleId_studentId: { scheduleId: lesson.id, studentId: line.studentId } };
  const reason = input.reason?.trim() || null;
  const cancelled = {
    cancelledAt: now,
    cancelledBy: input.by,
    cancelLate: outcome.late,
    cancelReason: reason,
    cancelledById: input.actorUserId,
    chargePercent: outcome.chargePercent > 0 ? outcome.chargePercent : null,
  };
  let creditId: number | null = null;
  if (outcome.returnCredit && line.makeUpCreditId !== null) {
    creditId = line.makeUpCreditId;
    await returnCredit(tx, { creditId, userId: input.actorUserId, now });
  }
  // A credit given back leaves this line (it may book another make-up: one line per credit).
  await tx.scheduleStudent.update({
    where,
    data: { ...cancelled, ...(creditId !== null ? { makeUpCreditId: null } : {}) },
  });
  const classBefore = { status: lesson.status };
  let classAfter: Record<string, unknown> = { status: lesson.status };
  if (outcome.classCancelled) {
    const data = {
      status: 'CANCELLED' as const,
      cancelledBy: input.by,
      cancelLate: outcome.late,
      cancelReason: reason,
      teacherPaid: outcome.teacherPaid,
    };
    await tx.schedule.update({ where: { id: lesson.id }, data });
    classAfter = data;
  }
  if (outcome.credit) {
    const granted = await grantCredit(tx, {
      organisationId: input.organisationId,
      studentId: line.studentId,
      courseId: lesson.courseId,
      earnedScheduleId: lesson.id,
      cancelledBy: input.by,
      late: outcome.late,
      quotaPeriod: input.by === 'FAMILY' ? outcome.quotaPeriod : null,
      expiresAt: new Date(now.getTime() + outcome.policy.makeUpExpiryDays * 86_400_000),
      userId: input.actorUserId,
    });
    creditId = granted.id;
  }
  await syncClassCharges(tx, input.actorUserId, [lesson.id], 'Lesson cancelled');
  await writeAudit(
    tx,
    input.organisationId,
    input.actorUserId,
    lesson,
    line,
    'CANCEL',
    { class: classBefore, line: lineAudit(line) },
    { class: classAfter, line: lineAudit({ ...cancelled }) },
    outcome.classCancelled,
  );

  const studentName = `${line.student.firstName} ${line.student.lastName}`;
  if (input.by === 'FAMILY') {
    const operators = await centreUsersWithRole(tx, input.organisationId);
    await createNotices(tx, operators, {
      organisationId: input.organisationId,
      type: 'LESSON_CANCELLED',
      entityType: 'SCHEDULE',
      entityId: lesson.id,
      data: {
        student: studentName,
        course: lesson.course.name,
        startAt: lesson.startAt.toISOString(),
        late: outcome.late,
        charge: outcome.charge,
        source: input.source,
      },
      key: `LESSON_CANCELLED:${lesson.id}:${line.studentId}:${now.getTime()}`,
    });
  }
  if (!outcome.classCancelled)
    await seatFreed(tx, {
      organisationId: input.organisationId,
      scheduleId: lesson.id,
      freedByStudentId: line.studentId,
      queue: input.queue,
    });
  let teachers = 0;
  if (outcome.classCancelled && !lesson.teacher.deletedAt && lesson.startAt > now)
    teachers = (await recipientsFor(tx, [lesson.teacher.userId], 'CLASS_CHANGE')).length;
  const families = await tellFamily(tx, input.queue, input, lesson, line, outcome.summary);

  return {
    scheduleId: lesson.id,
    studentId: line.studentId,
    by: input.by,
    late: outcome.late,
    cancelledAt: now,
    charge: outcome.charge,
    chargePercent: outcome.chargePercent,
    creditId,
    credit: outcome.credit,
    returnCredit: outcome.returnCredit,
    quotaReached: outcome.quotaReached,
    classCancelled: outcome.classCancelled,
    teacherPaid: outcome.teacherPaid,
    summary: outcome.summary,
    told: { teachers, families },
    studentName,
    courseName: lesson.course.name,
    lessonStartAt: lesson.startAt,
    timeZone: lesson.organisation.timeZone,
  };
}

export interface UndoInput {
  organisationId: number;
  scheduleId: number;
  studentId: number;
  actorUserId: number | null;
  now?: Date;
}

/**
 * Undoes the student's cancellation: the line restored, a one-on-one's class back to PLANNED, the
 * credit it earned revoked (409 when it was used: undo that make-up first), a make-up's credit given
 * back taken again (409 when it went to another lesson), the charges re-synced, audited.
 */
export async function undoStudentCancellation(tx: Tx, input: UndoInput): Promise<LessonEventResult> {
  const now = input.now ?? new Date();
  await lockClass(tx, input.scheduleId, input.organisationId);
  const { lesson, line } = await loadLesson(tx, input.organisationId, input.scheduleId, input.studentId);
  if (line.cancelledAt === null || line.cancelledBy === null)
    throw new AppError('conflict', 'This lesson is not cancelled');
  if (lesson.status === 'COMPLETED')
    throw new AppError(
      'conflict',
      'Only a lesson of a planned class can be restored (this class was taught and confirmed)',
    );
  let creditId: number | null = null;
  const earned = await tx.makeUpCredit.findUnique({
    where: { earnedScheduleId_studentId: { earnedScheduleId: lesson.id, studentId: line.studentId } },
    select: { id: true, status: true },
  });
  if (earned?.status === 'USED')
    throw new AppError(
      'conflict',
      'The make-up credit this cancellation earned was used: undo the make-up booking first',
    );
  if (earned && (earned.status === 'AVAILABLE' || earned.status === 'EXPIRED')) {
    if (await revokeCredit(tx, { creditId: earned.id, userId: input.actorUserId, note: 'Cancellation undone' }))
      creditId = earned.id;
  }
  // A make-up lesson whose credit was given back takes it again.
  let makeUpCreditId: number | null = null;
  if (line.makeUpCreditId === null) {
    const returned = await tx.makeUpCreditEntry.findFirst({
      where: { kind: 'RETURNED', scheduleId: lesson.id, credit: { studentId: line.studentId } },
      orderBy: { id: 'desc' },
      select: { creditId: true, credit: { select: { usedScheduleId: true, status: true } } },
    });
    if (returned) {
      if (returned.credit.status !== 'AVAILABLE')
        throw new AppError(
          'conflict',
          'The make-up credit of this lesson was used for another lesson: the cancellation cannot be undone',
        );
      await takeCredit(tx, {
        creditId: returned.creditId,
        studentId: line.studentId,
        scheduleId: lesson.id,
        userId: input.actorUserId,
        now,
      });
      makeUpCreditId = returned.creditId;
      creditId = returned.creditId;
    }
  }
  const restored = {
    cancelledAt: null,
    cancelledBy: null,
    cancelLate: false,
    cancelReason: null,
    cancelledById: null,
    chargePercent: null,
  };
  await tx.scheduleStudent.update({
    where: { scheduleId_studentId: { scheduleId: lesson.id, studentId: line.studentId } },
    data: { ...restored, ...(makeUpCreditId !== null ? { makeUpCreditId } : {}) },
  });
  const classRestored = lesson.status === 'CANCELLED';
  if (classRestored)
    await tx.schedule.update({
      where: { id: lesson.id },
      data: { status: 'PLANNED', cancelledBy: null, cancelLate: false, cancelReason: null, teacherPaid: false },
    });
  await syncClassCharges(tx, input.actorUserId, [lesson.id], 'Cancellation undone');
  await writeAudit(
    tx,
    input.organisationId,
    input.actorUserId,
    lesson,
    line,
    'UPDATE',
    { class: { status: lesson.status }, line: lineAudit(line) },
    { class: { status: classRestored ? 'PLANNED' : lesson.status }, line: lineAudit(restored) },
    classRestored,
  );
  const studentName = `${line.student.firstName} ${line.student.lastName}`;
  return {
    scheduleId: lesson.id,
    studentId: line.studentId,
    by: line.cancelledBy,
    late: false,
    cancelledAt: line.cancelledAt,
    charge: lesson.paymentType === 'VOUCHER' ? '0.00' : null,
    chargePercent: 0,
    creditId,
    credit: false,
    returnCredit: false,
    quotaReached: false,
    classCancelled: false,
    teacherPaid: false,
    summary: { text: 'The cancellation is undone: the lesson is on again.' },
    told: { teachers: 0, families: 0 },
    studentName,
    courseName: lesson.course.name,
    lessonStartAt: lesson.startAt,
    timeZone: lesson.organisation.timeZone,
  };
}
