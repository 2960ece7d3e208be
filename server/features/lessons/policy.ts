// The centre's lesson policy (issue 22, DECISIONS.md "Lesson policies") and the one function that
// says what a lesson event costs. Pure: the callers read the policy and the facts, post the outcome.
import type { Prisma } from '../../generated/prisma/client';

type Db = Prisma.TransactionClient;

export type Canceller = 'FAMILY' | 'CENTRE' | 'TEACHER';

export interface LessonPolicy {
  /** Hours before the lesson under which a family's cancellation is late. */
  noticeHours: number;
  /** Share of the lesson a late family cancellation costs, percent (100 full, 0 nothing). */
  lateCancelPercent: number;
  creditOnTimelyCancel: boolean;
  creditOnLateCancel: boolean;
  /** Make-up credits a student can earn by family cancellations per quota period (term). */
  makeUpQuota: number;
  makeUpExpiryDays: number;
  payTeacherLateCancel: boolean;
  /** Share of the lesson a no-show costs, percent. */
  noShowPercent: number;
  /** Hours a freed seat is held for the families it is offered to. */
  offerHoldHours: number;
}

export const policySelect = {
  noticeHours: true,
  lateCancelPercent: true,
  creditOnTimelyCancel: true,
  creditOnLateCancel: true,
  makeUpQuota: true,
  makeUpExpiryDays: true,
  payTeacherLateCancel: true,
  noShowPercent: true,
  offerHoldHours: true,
} as const satisfies Prisma.OrganisationSelect;

/** DECISIONS.md's defaults (also the database's column defaults). */
export const DEFAULT_POLICY: LessonPolicy = {
  noticeHours: 24,
  lateCancelPercent: 100,
  creditOnTimelyCancel: true,
  creditOnLateCancel: false,
  makeUpQuota: 2,
  makeUpExpiryDays: 60,
  payTeacherLateCancel: false,
  noShowPercent: 100,
  offerHoldHours: 12,
};

export async function loadPolicy(db: Db, organisationId: number): Promise<LessonPolicy> {
  return db.organisation.findUniqueOrThrow({ where: { id: organisationId }, select: policySelect });
}

export interface CancellationFacts {
  by: Canceller;
  /** When the cancellation is made, and when the lesson starts. */
  at: Date;
  lessonStartAt: Date;
  /** The whole class is cancelled (every student), or only this student's lesson. */
  wholeClass: boolean;
  /** One-on-one class: a family's cancellation of its only student cancels the class itself. */
  oneOnOne: boolean;
  /** The student's lesson is a make-up paid by a credit: cancelling gives that credit back. */
  makeUp: boolean;
  /** Family credits the student already earned in the lesson's quota period (not revoked). */
  creditsInPeriod: number;
}

export interface CancellationOutcome {
  late: boolean;
  /** Percent of the lesson charged to the student (0: nothing). A voucher class posts it to the ledger. */
  chargePercent: number;
  /** A new make-up credit for the student. */
  credit: boolean;
  /** The credit would have been earned but the quota of the period is used up. */
  quotaReached: boolean;
  /** The make-up credit that paid this lesson goes back to the student (usable again). */
  returnCredit: boolean;
  /** The class is cancelled as a whole (a whole-class cancellation, or a one-on-one's only student). */
  classCancelled: boolean;
  /** The teacher is still paid for the cancelled class. */
  teacherPaid: boolean;
}

/** Whether a cancellation made at `at` of a lesson starting at `lessonStartAt` is late. */
export function isLate(policy: Pick<LessonPolicy, 'noticeHours'>, at: Date, lessonStartAt: Date): boolean {
  return lessonStartAt.getTime() - at.getTime() < policy.noticeHours * 3_600_000;
}

/**
 * What a cancellation costs and earns. A centre or teacher cancellation never costs the family and
 * always gives the student a make-up credit (or back the one the lesson used), outside the quota; the
 * teacher is not paid. A family cancellation in time or late follows the policy; a late one of a
 * one-on-one may still pay the teacher. A make-up lesson cancelled by the family in time gives its
 * credit back; cancelled late it keeps the credit used (the lesson is lost) and costs nothing more.
 */
export function evaluateCancellation(policy: LessonPolicy, facts: CancellationFacts): CancellationOutcome {
  const classCancelled = facts.wholeClass || facts.oneOnOne;
  if (facts.by !== 'FAMILY') {
    return {
      late: isLate(policy, facts.at, facts.lessonStartAt),
      chargePercent: 0,
      credit: !facts.makeUp,
      quotaReached: false,
      returnCredit: facts.makeUp,
      classCancelled,
      teacherPaid: false,
    };
  }
  const late = isLate(policy, facts.at, facts.lessonStartAt);
  if (facts.makeUp) {
    return {
      late,
      chargePercent: 0,
      credit: false,
      quotaReached: false,
      returnCredit: !late,
      classCancelled,
      teacherPaid: classCancelled && late && policy.payTeacherLateCancel,
    };
  }
  const earns = late ? policy.creditOnLateCancel : policy.creditOnTimelyCancel;
  const quotaReached = earns && facts.creditsInPeriod >= policy.makeUpQuota;
  return {
    late,
    chargePercent: late ? policy.lateCancelPercent : 0,
    credit: earns && !quotaReached,
    quotaReached,
    returnCredit: false,
    classCancelled,
    teacherPaid: classCancelled && late && policy.payTeacherLateCancel,
  };
}

/**
 * The quota period a family credit counts in: the class's term when it has one, else the calendar
 * quarter of the lesson's local date ("2026-Q4"), for classes outside any term.
 */
export function quotaPeriodOf(termId: number | null, localDate: string): string {
  if (termId !== null) return `term:${termId}`;
  const [year, month] = localDate.split('-').map(Number);
  return `${year}-Q${Math.floor((month - 1) / 3) + 1}`;
}

/** The amount charged for a share of a lesson, to the cent (half-up). */
export function shareOf(amount: Prisma.Decimal, percent: number): Prisma.Decimal {
  return amount.times(percent).div(100).toDecimalPlaces(2, 4 /* ROUND_HALF_UP */);
}
