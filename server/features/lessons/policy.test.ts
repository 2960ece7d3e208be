import { describe, expect, it } from 'vitest';
import { Prisma } from '../../generated/prisma/client';
import { type CancellationFacts, DEFAULT_POLICY, evaluateCancellation, isLate, quotaPeriodOf, shareOf } from './policy';

const start = new Date('2026-12-01T20:00:00Z');
const hoursBefore = (h: number) => new Date(start.getTime() - h * 3_600_000);
const facts = (over: Partial<CancellationFacts> = {}): CancellationFacts => ({
  by: 'FAMILY',
  at: hoursBefore(48),
  lessonStartAt: start,
  wholeClass: false,
  oneOnOne: false,
  makeUp: false,
  creditsInPeriod: 0,
  ...over,
});

describe('lesson policy', () => {
  it('is late strictly under the notice window', () => {
    expect(isLate(DEFAULT_POLICY, hoursBefore(24), start)).toBe(false);
    expect(isLate(DEFAULT_POLICY, new Date(hoursBefore(24).getTime() + 1), start)).toBe(true);
    expect(isLate({ noticeHours: 0 }, hoursBefore(0), start)).toBe(false);
  });

  it('follows DECISIONS.md for a family: in time a credit and no charge, late the full lesson and no credit', () => {
    expect(evaluateCancellation(DEFAULT_POLICY, facts())).toMatchObject({
      late: false,
      chargePercent: 0,
      credit: true,
    });
    expect(evaluateCancellation(DEFAULT_POLICY, facts({ at: hoursBefore(2) }))).toMatchObject({
      late: true,
      chargePercent: 100,
      credit: false,
      teacherPaid: false,
    });
  });

  it('never charges the family for a centre or teacher cancellation, which always earns a credit outside the quota', () => {
    for (const by of ['CENTRE', 'TEACHER'] as const) {
      const outcome = evaluateCancellation(DEFAULT_POLICY, facts({ by, at: hoursBefore(1), creditsInPeriod: 99 }));
      expect(outcome).toMatchObject({ chargePercent: 0, credit: true, quotaReached: false, teacherPaid: false });
    }
  });

  it('stops earning family credits at the quota', () => {
    const outcome = evaluateCancellation(DEFAULT_POLICY, facts({ creditsInPeriod: DEFAULT_POLICY.makeUpQuota }));
    expect(outcome).toMatchObject({ credit: false, quotaReached: true, chargePercent: 0 });
  });

  it('pays the teacher for a late-cancelled one-on-one only when the policy says so', () => {
    const late = facts({ at: hoursBefore(1), oneOnOne: true });
    expect(evaluateCancellation(DEFAULT_POLICY, late)).toMatchObject({ classCancelled: true, teacherPaid: false });
    expect(evaluateCancellation({ ...DEFAULT_POLICY, payTeacherLateCancel: true }, late).teacherPaid).toBe(true);
    // A group class goes on: the teacher is paid for teaching it anyway, not for the cancellation.
    expect(
      evaluateCancellation({ ...DEFAULT_POLICY, payTeacherLateCancel: true }, { ...late, oneOnOne: false }),
    ).toMatchObject({ classCancelled: false, teacherPaid: false });
  });

  it('gives a make-up its credit back when cancelled in time or by the centre, never a second credit', () => {
    expect(evaluateCancellation(DEFAULT_POLICY, facts({ makeUp: true }))).toMatchObject({
      credit: false,
      returnCredit: true,
    });
    expect(evaluateCancellation(DEFAULT_POLICY, facts({ makeUp: true, at: hoursBefore(1) }))).toMatchObject({
      credit: false,
      returnCredit: false,
      chargePercent: 0,
    });
    expect(evaluateCancellation(DEFAULT_POLICY, facts({ makeUp: true, by: 'CENTRE' }))).toMatchObject({
      credit: false,
      returnCredit: true,
    });
  });

  it('charges a share of the lesson to the cent', () => {
    expect(shareOf(new Prisma.Decimal('45.00'), 50).toFixed(2)).toBe('22.50');
    expect(shareOf(new Prisma.Decimal('33.33'), 50).toFixed(2)).toBe('16.67');
    expect(shareOf(new Prisma.Decimal('40.00'), 0).toFixed(2)).toBe('0.00');
  });

  it('counts the quota per term, else per calendar quarter', () => {
    expect(quotaPeriodOf(7, '2026-11-30')).toBe('term:7');
    expect(quotaPeriodOf(null, '2026-11-30')).toBe('2026-Q4');
    expect(quotaPeriodOf(null, '2027-01-01')).toBe('2027-Q1');
  });
});
