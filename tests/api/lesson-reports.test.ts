// The lesson-policy report (issue 22): cancellations and no-shows per month, student and teacher over the
// centre's local days, and make-up credits outstanding (count and the value of the lessons owed).
// Expected figures are counted and priced here, in integer cents, from the rows this file made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldsOf } from '../support/course-factories';
import { createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { createClassRow } from '../support/schedule-rows';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
let other: ScheduleCentre;

type Line = {
  student: number;
  by?: 'FAMILY' | 'CENTRE' | 'TEACHER';
  late?: boolean;
  noShow?: boolean;
  rate?: string;
};

/** A class of `teacherId` at a Toronto start (UTC instant given), its lines as described. */
async function lesson(teacherId: number, startIso: string, lines: Line[], minutes = 60, hourlyRate = '40.00') {
  const row = await createClassRow(ctx.prisma, {
    organisationId: c.centre.id,
    teacherId,
    courseId: c.course.id,
    startAt: startIso,
    endAt: new Date(Date.parse(startIso) + minutes * 60_000).toISOString(),
    hourlyRate,
    students: lines.map((l) => ({ id: l.student, attendance: l.noShow ? 'NO_SHOW' : null })),
  });
  for (const l of lines) {
    await ctx.prisma.scheduleStudent.update({
      where: { scheduleId_studentId: { scheduleId: row.id, studentId: l.student } },
      data: {
        ...(l.by ? { cancelledAt: new Date(), cancelledBy: l.by, cancelLate: l.late ?? false } : {}),
        ...(l.rate ? { hourlyRate: l.rate } : {}),
      },
    });
  }
  return row;
}

async function credit(
  studentId: number,
  earnedScheduleId: number,
  status: 'AVAILABLE' | 'USED' = 'AVAILABLE',
  days = 30,
) {
  return ctx.prisma.makeUpCredit.create({
    data: {
      organisationId: c.centre.id,
      studentId,
      courseId: c.course.id,
      earnedScheduleId,
      cancelledBy: 'FAMILY',
      expiresAt: new Date(Date.now() + days * 86_400_000),
      status,
      // A used credit names the lesson it paid for.
      usedScheduleId: status === 'USED' ? jan.id : null,
    },
  });
}

let jan: Awaited<ReturnType<typeof lesson>>;
let janGroup: Awaited<ReturnType<typeof lesson>>;

beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
  other = await createScheduleCentre(ctx);
  const [cleo, dan, eve] = c.students.map((s) => s.id);
  // January (Toronto): Cleo cancels late with Ann, Dan no-show with Ann; a group of Bob's where the
  // centre cancelled Eve's lesson and Cleo cancelled in time at her own rate of 50.00 for 90 minutes.
  jan = await lesson(c.ann.id, '2026-01-10T15:00:00Z', [{ student: cleo, by: 'FAMILY', late: true }]);
  await lesson(c.ann.id, '2026-01-12T15:00:00Z', [{ student: dan, noShow: true }]);
  janGroup = await lesson(
    c.bob.id,
    '2026-01-20T15:00:00Z',
    [{ student: eve, by: 'CENTRE' }, { student: cleo, by: 'FAMILY', rate: '50.00' }, { student: dan }],
    90,
  );
  // 1 February 03:00 UTC is still 31 January in Toronto; the teacher cancels Dan's lesson.
  await lesson(c.bob.id, '2026-02-01T03:00:00Z', [{ student: dan, by: 'TEACHER' }]);
  // March: outside the range asked; another centre's events never count.
  await lesson(c.ann.id, '2026-03-05T15:00:00Z', [{ student: cleo, by: 'FAMILY' }]);
  await createClassRow(ctx.prisma, {
    organisationId: other.centre.id,
    teacherId: other.ann.id,
    courseId: other.course.id,
    startAt: '2026-01-15T15:00:00Z',
    endAt: '2026-01-15T16:00:00Z',
    students: [{ id: other.students[0].id, attendance: 'NO_SHOW' }],
  });
  // Credits: Cleo's for the late-cancelled January lesson (60 min at 40.00 = 40.00), Cleo's in the
  // group (90 min at her 50.00 = 75.00), Eve's in the group (90 min at 40.00 = 60.00) but used, and
  // Dan's expired by date.
  await credit(cleo, jan.id);
  await credit(cleo, janGroup.id);
  await credit(eve, janGroup.id, 'USED');
  await credit(dan, janGroup.id, 'AVAILABLE', -1);
});
afterAll(() => ctx.close());

describe('GET /api/reports/lesson-events', () => {
  it('counts cancellations by who and lateness, and no-shows, per local month, student and teacher', async () => {
    const res = await c.operator.get('/api/reports/lesson-events', { from: '2026-01-01', to: '2026-02-28' });
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe('America/Toronto');
    expect(res.body.totals).toEqual({ byFamily: 2, late: 1, byCentre: 1, byTeacher: 1, noShows: 1 });
    expect(res.body.months).toEqual([
      { month: '2026-01', byFamily: 2, late: 1, byCentre: 1, byTeacher: 1, noShows: 1 },
    ]);
    const byStudent = Object.fromEntries(
      res.body.students.map((s: { student: { name: string } }) => [s.student.name, s]),
    );
    expect(byStudent['Cleo Chen']).toMatchObject({ byFamily: 2, late: 1, byCentre: 0, byTeacher: 0, noShows: 0 });
    expect(byStudent['Dan Diaz']).toMatchObject({ byFamily: 0, byTeacher: 1, noShows: 1 });
    expect(byStudent['Eve Evans']).toMatchObject({ byCentre: 1 });
    const byTeacher = Object.fromEntries(
      res.body.teachers.map((t: { teacher: { name: string } }) => [t.teacher.name, t]),
    );
    expect(byTeacher['Ann Archer']).toMatchObject({ byFamily: 1, late: 1, noShows: 1, byCentre: 0 });
    expect(byTeacher['Bob Baker']).toMatchObject({ byFamily: 1, late: 0, byCentre: 1, byTeacher: 1 });
  });

  it("values the make-up credits outstanding (available, not expired) at the earning lessons' price", async () => {
    const res = await c.admin.get('/api/reports/lesson-events', { from: '2026-01-01', to: '2026-01-31' });
    expect(res.body.creditsOutstanding).toEqual({ count: 2, value: '115.00' });
    const theirs = await other.admin.get('/api/reports/lesson-events', { from: '2026-01-01', to: '2026-01-31' });
    expect(theirs.body.creditsOutstanding).toEqual({ count: 0, value: '0.00' });
    expect(theirs.body.totals).toEqual({ byFamily: 0, late: 0, byCentre: 0, byTeacher: 0, noShows: 1 });
  });

  it('is for reports:view; bad ranges are refused naming the field', async () => {
    expect(
      (await c.ann.caller.get('/api/reports/lesson-events', { from: '2026-01-01', to: '2026-01-31' })).status,
    ).toBe(403);
    for (const [query, field] of [
      [{ from: '2026-02-01', to: '2026-01-31' }, 'to'],
      [{ from: '2025-01-01', to: '2026-01-31' }, 'to'],
      [{ from: 'January', to: '2026-01-31' }, 'from'],
      [{ from: '2026-01-01' }, 'to'],
    ] as const) {
      const res = await c.operator.get('/api/reports/lesson-events', query);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toContain(field);
    }
  });
});
