// A number out of range (issue 37, finding 7): figures saved before the money limits (issue 20,
// finding 4) fit their columns but can still make a sum that does not. PostgreSQL then says 22003
// (numeric_value_out_of_range), which reached the client as a 500. Now it is a 409 in the standard
// error body, in the reader's language, with nothing written: through Prisma's own queries (P2020) and
// its raw ones (P2010 carrying 22003), on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneySnapshot } from '../support/money-factories';
import { createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { createClassRow } from '../support/schedule-rows';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
});
afterAll(() => ctx.close());

/** The largest rate a Decimal(12,2) column holds: storable, but far past today's 1,000,000.00 limit. */
const RATE_BEFORE_THE_LIMITS = '9999999999.99';
const EN = /^A number is out of range: an amount or a sum of amounts is too large to store .*Nothing was saved\.$/;
const ZH = /^数字超出范围：.*未保存任何内容。$/;

/** Everything a class change could write: money tables, adjustments, audit rows and the class itself. */
async function written(scheduleId: number) {
  const [money, adjustments, audit, schedule] = await Promise.all([
    moneySnapshot(ctx.prisma),
    ctx.prisma.payrollAdjustment.count(),
    ctx.prisma.auditEvent.count(),
    ctx.prisma.schedule.findUniqueOrThrow({ where: { id: scheduleId }, select: { status: true, confirmedAt: true } }),
  ]);
  return { money, adjustments, audit, schedule };
}

describe('a sum past what the database holds', () => {
  it('is a 409 naming the problem in both languages, not a 500, and writes nothing (Prisma query: P2020)', async () => {
    // A class of March 2025, unconfirmed when March was closed (a blocker, acknowledged): it paid nothing.
    const march = await createClassRow(ctx.prisma, {
      organisationId: c.centre.id,
      teacherId: c.ann.id,
      courseId: c.course.id,
      startAt: '2025-03-10T14:00:00Z',
      endAt: '2025-03-10T16:00:00Z',
      teacherHourlyRate: '40',
    });
    const close = await c.admin.post('/api/payroll/close', { month: '2025-03', acknowledgeBlockers: true });
    expect(close.status, JSON.stringify(close.body)).toBe(201);
    // Its teacher rate as saved before the limits: storable, but 2 hours of it (19,999,999,999.98) is not.
    await ctx.prisma.$executeRaw`
      UPDATE "Schedule" SET "teacherHourlyRate" = ${RATE_BEFORE_THE_LIMITS}::numeric WHERE id = ${march.id}`;
    // Confirming it late posts its pay to April as a payroll adjustment, which overflows.
    const before = await written(march.id);
    const res = await c.admin.post(`/api/schedules/${march.id}/confirm`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body).toEqual({
      success: false,
      errorCode: 'conflict',
      errorMessage: expect.stringMatching(EN),
      showType: 2,
      traceId: expect.any(String),
      errorKey: 'numberOutOfRange',
    });
    expect(await written(march.id)).toEqual(before);
    expect(before.schedule.status).toBe('PLANNED');

    const zh = await c.admin.post(`/api/schedules/${march.id}/confirm`, {}).set('Accept-Language', 'zh-CN');
    expect(zh.status).toBe(409);
    expect(zh.body.errorMessage).toMatch(ZH);
    expect(await written(march.id)).toEqual(before);
  });

  it('is a 409 as well when a report adds the figures up in SQL (raw query: P2010 with 22003)', async () => {
    // A 200-hour lesson at the same rate, cancelled by the family and owed as a make-up credit: valued at
    // 1,999,999,999,998.00, past the report's numeric(14, 2).
    const lesson = await createClassRow(ctx.prisma, {
      organisationId: c.centre.id,
      teacherId: c.ann.id,
      courseId: c.course.id,
      startAt: '2025-06-01T00:00:00Z',
      endAt: '2025-06-09T08:00:00Z',
      status: 'CANCELLED',
      hourlyRate: '40',
      students: [{ id: c.students[1].id }],
    });
    await ctx.prisma.$executeRaw`
      UPDATE "Schedule" SET "hourlyRate" = ${RATE_BEFORE_THE_LIMITS}::numeric WHERE id = ${lesson.id}`;
    await ctx.prisma.$executeRaw`
      INSERT INTO "MakeUpCredit" ("organisationId", "studentId", "courseId", "earnedScheduleId", "cancelledBy", "expiresAt")
      VALUES (${c.centre.id}, ${c.students[1].id}, ${c.course.id}, ${lesson.id}, 'FAMILY', now() + interval '30 days')`;
    const res = await c.admin.get('/api/reports/lesson-events', { from: '2025-06-01', to: '2025-06-30' });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body).toMatchObject({ success: false, errorCode: 'conflict', errorKey: 'numberOutOfRange' });
    expect(res.body.errorMessage).toMatch(EN);
    const zh = await c.admin
      .get('/api/reports/lesson-events', { from: '2025-06-01', to: '2025-06-30' })
      .set('Accept-Language', 'zh-CN');
    expect(zh.status).toBe(409);
    expect(zh.body.errorMessage).toMatch(ZH);
  });
});
