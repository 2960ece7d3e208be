import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_SUCH_STUDENT_MESSAGE,
  NO_SUCH_TEACHER_MESSAGE,
  REPORT_RANGE_MESSAGE,
  REPORT_TO_BEFORE_FROM_MESSAGE,
} from '../../src/contracts/reports';
import { callerWith, createStudent, createTeacher, fieldsOf, xlsxRows } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createClassRow, createCourseRow } from '../support/schedule-rows';
import { createTestContext, type TestContext } from '../support/test-app';

// The /report figures against figures worked out here in integer cents, by plain arithmetic: a class
// pays ROUND(rate x minutes / 60) cents (half up) and shows ROUND(minutes x 100 / 60) hundredths of an
// hour; closed months pay their payroll lines; adjustments count in the month they are posted to.
// The centre's zone is America/Toronto: UTC-5 in January and February 2026 (daylight saving starts
// on 8 March), so every instant below is written with its local offset.

let ctx: TestContext;
let first: Awaited<ReturnType<typeof createCentreWithStaff>>;
let second: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof callerWith>;
let operator: ReturnType<typeof callerWith>;
let teacherCaller: ReturnType<typeof callerWith>;

/** Cents as the API writes money: '-0.05', '121.11'. */
const text = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
/** rate (in cents) x minutes / 60, rounded half up to the cent. */
const payCents = (rateCents: number, minutes: number) => Math.floor((2 * rateCents * minutes + 60) / 120);
/** minutes / 60 in hundredths of an hour, rounded half up. */
const hourCents = (minutes: number) => Math.floor((2 * minutes * 100 + 60) / 120);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

interface Spec {
  key: string;
  teacher: 'alice' | 'bob';
  /** Teacher start, local wall clock with its offset. */
  start: string;
  minutes: number;
  rateCents: number | null;
  status: 'COMPLETED' | 'PLANNED' | 'CANCELLED';
  students: number;
  course: 'maths' | 'piano';
}
// Classes of the report. January 2026 is closed (its lines are inserted below), February is open.
const specs: Spec[] = [
  // February, open: paid from the class itself when COMPLETED.
  {
    key: 'feb3',
    teacher: 'alice',
    start: '2026-02-03T16:00:00-05:00',
    minutes: 60,
    rateCents: 4000,
    status: 'COMPLETED',
    students: 2,
    course: 'maths',
  },
  // 50 minutes: 0.83 h shown, but paid 37.33 x 50 / 60 = 31.108 -> 31.11 (not 0.83 x 37.33 = 30.98).
  {
    key: 'feb5',
    teacher: 'alice',
    start: '2026-02-05T15:50:00-05:00',
    minutes: 50,
    rateCents: 3733,
    status: 'COMPLETED',
    students: 1,
    course: 'piano',
  },
  {
    key: 'feb10planned',
    teacher: 'alice',
    start: '2026-02-10T16:00:00-05:00',
    minutes: 60,
    rateCents: 4000,
    status: 'PLANNED',
    students: 1,
    course: 'maths',
  },
  {
    key: 'feb11cancelled',
    teacher: 'alice',
    start: '2026-02-11T16:00:00-05:00',
    minutes: 60,
    rateCents: 4000,
    status: 'CANCELLED',
    students: 1,
    course: 'maths',
  },
  // No rate: the hours count, the pay is 0.
  {
    key: 'feb12norate',
    teacher: 'alice',
    start: '2026-02-12T10:00:00-05:00',
    minutes: 60,
    rateCents: null,
    status: 'COMPLETED',
    students: 1,
    course: 'maths',
  },
  {
    key: 'feb14',
    teacher: 'bob',
    start: '2026-02-14T09:00:00-05:00',
    minutes: 90,
    rateCents: 2850,
    status: 'COMPLETED',
    students: 3,
    course: 'maths',
  },
  // 23:30 on the last day of February locally is 04:30 on 1 March in UTC: a February class.
  {
    key: 'feb28late',
    teacher: 'bob',
    start: '2026-02-28T23:30:00-05:00',
    minutes: 75,
    rateCents: 3000,
    status: 'COMPLETED',
    students: 1,
    course: 'piano',
  },
  // 00:15 on 1 March locally: March, not February.
  {
    key: 'mar1early',
    teacher: 'bob',
    start: '2026-03-01T00:15:00-05:00',
    minutes: 60,
    rateCents: 3000,
    status: 'COMPLETED',
    students: 1,
    course: 'piano',
  },
  // January, closed. 20:00 on 31 January locally is 1 February in UTC: still January (closed).
  {
    key: 'jan31evening',
    teacher: 'bob',
    start: '2026-01-31T20:00:00-05:00',
    minutes: 60,
    rateCents: 3000,
    status: 'COMPLETED',
    students: 1,
    course: 'maths',
  },
  // Paid 40.00 at close; its rate was raised to 50.00 afterwards (adjustment +10.00 posted to February).
  {
    key: 'jan15',
    teacher: 'alice',
    start: '2026-01-15T16:00:00-05:00',
    minutes: 60,
    rateCents: 5000,
    status: 'COMPLETED',
    students: 1,
    course: 'maths',
  },
  // Confirmed after January was closed: no line; its pay is an adjustment posted to February.
  {
    key: 'jan20late',
    teacher: 'alice',
    start: '2026-01-20T16:00:00-05:00',
    minutes: 60,
    rateCents: 4000,
    status: 'COMPLETED',
    students: 1,
    course: 'maths',
  },
  // Paid in January's close, then moved into February: the move took January's pay back (adjustment
  // -30.00 posted to February) and February pays the class, so it is paid once.
  {
    key: 'movedToFeb',
    teacher: 'bob',
    start: '2026-02-20T16:00:00-05:00',
    minutes: 60,
    rateCents: 3000,
    status: 'COMPLETED',
    students: 1,
    course: 'maths',
  },
];

const ids: Record<string, number> = {};
const people = {} as Record<'alice' | 'bob' | 'carl', { id: number; name: string }>;
let otherTeacherId: number;
let otherStudentId: number;
const students: { id: number; studentId: string; name: string }[] = [];
let januaryId: number;
/** The January payroll lines: what was paid at close, per class key. */
const januaryLines = [
  { key: 'jan15', start: '2026-01-15T16:00:00-05:00', hours: 100, rateCents: 4000, cents: 4000 },
  { key: 'jan31evening', start: '2026-01-31T20:00:00-05:00', hours: 100, rateCents: 3000, cents: 3000 },
  { key: 'movedToFeb', start: '2026-01-22T16:00:00-05:00', hours: 100, rateCents: 3000, cents: 3000 },
];
const adjustments = [
  {
    key: 'jan15',
    teacher: 'alice' as const,
    periodStart: '2026-02-01',
    hours: 0,
    cents: 1000,
    reason: 'Rate corrected to 50.00',
  },
  {
    key: 'jan20late',
    teacher: 'alice' as const,
    periodStart: '2026-02-01',
    hours: 100,
    cents: 4000,
    reason: 'Confirmed after close',
  },
  {
    key: 'jan15',
    teacher: 'alice' as const,
    periodStart: '2026-03-01',
    hours: 0,
    cents: -500,
    reason: 'Paid in March',
  },
  {
    key: 'movedToFeb',
    teacher: 'bob' as const,
    periodStart: '2026-02-01',
    hours: -100,
    cents: -3000,
    reason: 'Moved out of the closed period',
  },
];

beforeAll(async () => {
  ctx = await createTestContext();
  first = await createCentreWithStaff(ctx);
  second = await createCentreWithStaff(ctx);
  admin = callerWith(ctx.app, first.tokens.admin);
  operator = callerWith(ctx.app, first.tokens.operator);
  teacherCaller = callerWith(ctx.app, first.tokens.teacher);
  const org = first.centre.id;
  await ctx.prisma.organisation.update({ where: { id: org }, data: { timeZone: 'America/Toronto' } });
  people.alice = await createTeacher(ctx.prisma, org, { firstName: 'Alice', lastName: 'Archer' });
  people.bob = await createTeacher(ctx.prisma, org, { firstName: 'Bob', lastName: 'Brown' });
  people.carl = await createTeacher(ctx.prisma, org, { firstName: 'Carl', lastName: 'Cole' });
  otherTeacherId = (await createTeacher(ctx.prisma, second.centre.id)).id;
  otherStudentId = (await createStudent(ctx.prisma, second.centre.id)).id;
  for (const n of [1, 2, 3]) {
    const s = await createStudent(ctx.prisma, org, { firstName: `Stu${n}`, lastName: 'Report', studentId: `R-${n}` });
    students.push({ id: s.id, studentId: s.studentId, name: `Stu${n} Report` });
  }
  const courses = {
    maths: await createCourseRow(ctx.prisma, org, 'Maths'),
    piano: await createCourseRow(ctx.prisma, org, 'Piano'),
  };
  for (const spec of specs) {
    const start = new Date(spec.start);
    const end = new Date(start.getTime() + spec.minutes * 60_000);
    const row = await createClassRow(ctx.prisma, {
      organisationId: org,
      teacherId: people[spec.teacher].id,
      courseId: courses[spec.course].id,
      // The class itself 10 minutes later than the teacher's times: the report reads the teacher's.
      startAt: new Date(start.getTime() + 600_000).toISOString(),
      endAt: new Date(end.getTime() + 600_000).toISOString(),
      status: spec.status,
      teacherHourlyRate: spec.rateCents === null ? null : text(spec.rateCents),
      students: students.slice(0, spec.students),
    });
    await ctx.prisma.schedule.update({ where: { id: row.id }, data: { teacherStartAt: start, teacherEndAt: end } });
    ids[spec.key] = row.id;
  }
  const period = await ctx.prisma.payrollPeriod.create({
    data: {
      organisationId: org,
      startDate: new Date('2026-01-01T00:00:00Z'),
      endDate: new Date('2026-01-31T00:00:00Z'),
      closedById: first.admin.id,
      totalHours: text(sum(januaryLines.map((l) => l.hours))),
      totalAmount: text(sum(januaryLines.map((l) => l.cents))),
    },
  });
  januaryId = period.id;
  for (const line of januaryLines) {
    const teacher = specs.find((s) => s.key === line.key)?.teacher ?? 'alice';
    await ctx.prisma.payrollLine.create({
      data: {
        periodId: period.id,
        scheduleId: ids[line.key],
        teacherId: people[teacher].id,
        startAt: new Date(line.start),
        hours: text(line.hours),
        rate: text(line.rateCents),
        amount: text(line.cents),
      },
    });
  }
  for (const a of adjustments) {
    await ctx.prisma.payrollAdjustment.create({
      data: {
        organisationId: org,
        teacherId: people[a.teacher].id,
        scheduleId: ids[a.key],
        fromPeriodId: period.id,
        periodStart: new Date(`${a.periodStart}T00:00:00Z`),
        hours: text(a.hours),
        amount: text(a.cents),
        reason: a.reason,
        createdById: first.admin.id,
      },
    });
  }
  // A class of the other centre in February, paid 99.00: never in this centre's report.
  const otherCourse = await createCourseRow(ctx.prisma, second.centre.id, 'Other');
  await createClassRow(ctx.prisma, {
    organisationId: second.centre.id,
    teacherId: otherTeacherId,
    courseId: otherCourse.id,
    startAt: '2026-02-03T21:00:00Z',
    endAt: '2026-02-03T22:00:00Z',
    status: 'COMPLETED',
    teacherHourlyRate: '99.00',
  });
});
afterAll(() => ctx.close());

interface Line {
  source: string;
  teacher: { id: number; name: string };
  date: string;
  scheduleId: number;
  classDate: string;
  startAt: string;
  endAt: string;
  course: { name: string };
  students: number;
  hours: string;
  rate: string | null;
  amount: string;
  reason: string | null;
}
type Expected = Pick<Line, 'source' | 'date' | 'scheduleId' | 'classDate' | 'hours' | 'rate' | 'amount' | 'reason'> & {
  teacher: string;
  course: string;
  cents: number;
  hourCents: number;
  startAt: string;
  endAt: string;
  students: number;
};

const localDate = (iso: string) => iso.slice(0, 10); // the specs are written in local time
const plus = (iso: string, minutes: number) => new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();
const courseName = (spec: Spec) => (spec.course === 'maths' ? 'Maths' : 'Piano');
function classLine(key: string): Expected {
  const spec = specs.find((s) => s.key === key);
  if (!spec?.rateCents && spec?.rateCents !== null) throw new Error(key);
  const cents = spec.rateCents === null ? 0 : payCents(spec.rateCents, spec.minutes);
  return {
    source: 'CLASS',
    teacher: spec.teacher,
    course: courseName(spec),
    date: localDate(spec.start),
    scheduleId: ids[key],
    classDate: localDate(spec.start),
    startAt: new Date(spec.start).toISOString(),
    endAt: plus(spec.start, spec.minutes),
    students: spec.students,
    hours: text(hourCents(spec.minutes)),
    hourCents: hourCents(spec.minutes),
    rate: spec.rateCents === null ? null : text(spec.rateCents),
    amount: text(cents),
    cents,
    reason: null,
  };
}
function closedLine(key: string): Expected {
  const line = januaryLines.find((l) => l.key === key);
  const spec = specs.find((s) => s.key === key);
  if (!line || !spec) throw new Error(key);
  return {
    source: 'CLOSED',
    teacher: spec.teacher,
    course: courseName(spec),
    date: localDate(line.start),
    scheduleId: ids[key],
    classDate: localDate(line.start),
    startAt: new Date(line.start).toISOString(),
    // A closed line ends its hours after its start (1.00 h = 60 min).
    endAt: plus(line.start, (line.hours * 60) / 100),
    students: spec.students,
    hours: text(line.hours),
    hourCents: line.hours,
    rate: text(line.rateCents),
    amount: text(line.cents),
    cents: line.cents,
    reason: null,
  };
}
function adjustmentLine(index: number): Expected {
  const a = adjustments[index];
  const spec = specs.find((s) => s.key === a.key);
  if (!spec) throw new Error(a.key);
  return {
    source: 'ADJUSTMENT',
    teacher: a.teacher,
    course: courseName(spec),
    date: a.periodStart,
    scheduleId: ids[a.key],
    classDate: localDate(spec.start),
    startAt: new Date(spec.start).toISOString(),
    endAt: plus(spec.start, spec.minutes),
    students: spec.students,
    hours: text(a.hours),
    hourCents: a.hours,
    rate: null,
    amount: text(a.cents),
    cents: a.cents,
    reason: a.reason,
  };
}

const shape = (line: Line) => ({
  source: line.source,
  teacher: Object.entries(people).find(([, p]) => p.id === line.teacher.id)?.[0],
  course: line.course.name,
  date: line.date,
  scheduleId: line.scheduleId,
  classDate: line.classDate,
  startAt: line.startAt,
  endAt: line.endAt,
  students: line.students,
  hours: line.hours,
  rate: line.rate,
  amount: line.amount,
  reason: line.reason,
});
const expectedShape = ({ cents: _c, hourCents: _h, ...line }: Expected) => line;

const salary = (query: Record<string, string | number>) =>
  admin.get('/api/reports/teacher-salary', { pageSize: 100, ...query });

/** Per teacher (in name order: Alice, Bob) and overall, from the expected lines. */
function totalsOf(lines: Expected[]) {
  const figures = (of: Expected[]) => ({
    lines: of.length,
    hours: text(sum(of.map((l) => l.hourCents))),
    amount: text(sum(of.map((l) => l.cents))),
  });
  const teachers = (['alice', 'bob'] as const)
    .map((t) => ({ t, of: lines.filter((l) => l.teacher === t) }))
    .filter(({ of }) => of.length > 0)
    .map(({ t, of }) => ({ teacher: { id: people[t].id, name: people[t].name }, ...figures(of) }));
  return { totals: figures(lines), teachers };
}

describe('GET /api/reports/teacher-salary', () => {
  // February: Alice's classes (by time), her two adjustments posted to 1 February, then Bob's.
  const february = () => [
    adjustmentLine(0),
    adjustmentLine(1),
    classLine('feb3'),
    classLine('feb5'),
    classLine('feb12norate'),
    adjustmentLine(3),
    classLine('feb14'),
    classLine('movedToFeb'),
    classLine('feb28late'),
  ];

  it('an open month: completed classes by their local day, adjustments posted to it, per teacher and overall', async () => {
    const res = await salary({ from: '2026-02-01', to: '2026-02-28' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = february();
    // Adjustments sort at the start of 1 February (their paid-in day), before that day's classes.
    expect(res.body.data.map(shape)).toEqual(expected.map(expectedShape));
    expect(res.body.data.map((l: { id: number }) => l.id)).toEqual(expected.map((_, i) => i + 1));
    expect(res.body.total).toBe(expected.length);
    const { totals, teachers } = totalsOf(expected);
    expect(res.body.totals).toEqual(totals);
    expect(res.body.teachers).toEqual(teachers);
    // Worked out by hand as well: Alice 10.00 + 40.00 + 40.00 + 31.11 + 0.00; Bob 42.75 + 37.50.
    expect(teachers.map((t) => t.amount)).toEqual(['121.11', '80.25']);
    // Bob's moved class nets to zero in February: -30.00 taken back, 30.00 paid.
    expect(totals).toEqual({ lines: 9, hours: '6.58', amount: '201.36' });
    const feb5 = res.body.data.find((l: Line) => l.scheduleId === ids.feb5);
    expect(feb5).toMatchObject({ hours: '0.83', rate: '37.33', amount: '31.11', course: { name: 'Piano' } });
    expect(feb5.endAt).toBe('2026-02-05T21:40:00.000Z');
    const adjusted = res.body.data.find((l: Line) => l.reason === 'Confirmed after close');
    expect(adjusted).toMatchObject({ source: 'ADJUSTMENT', classDate: '2026-01-20', course: { name: 'Maths' } });
  });

  it('a closed month: its payroll lines (not the classes as they are now), nothing confirmed after close', async () => {
    const res = await salary({ from: '2026-01-01', to: '2026-01-31' });
    expect(res.status).toBe(200);
    // jan15 is paid 40.00 as at close although its rate is now 50.00; jan20late (no line) is absent.
    const expected = [closedLine('jan15'), closedLine('movedToFeb'), closedLine('jan31evening')];
    expect(res.body.data.map(shape)).toEqual(expected.map(expectedShape));
    expect(res.body.totals).toEqual(totalsOf(expected).totals);
    expect(res.body.totals).toEqual({ lines: 3, hours: '3.00', amount: '100.00' });
    // The closed line's end is its start plus its hours.
    const moved = res.body.data.find((l: Line) => l.scheduleId === ids.movedToFeb);
    expect([moved.startAt, moved.endAt]).toEqual(['2026-01-22T21:00:00.000Z', '2026-01-22T22:00:00.000Z']);
  });

  it('day boundaries are the centre’s: one day, and a range across the close', async () => {
    const lastDay = await salary({ from: '2026-02-28', to: '2026-02-28' });
    expect(lastDay.body.data.map(shape)).toEqual([expectedShape(classLine('feb28late'))]);
    const march1 = await salary({ from: '2026-03-01', to: '2026-03-01' });
    const expected = [adjustmentLine(2), classLine('mar1early')];
    expect(march1.body.data.map(shape)).toEqual(expected.map(expectedShape));
    expect(march1.body.totals).toEqual(totalsOf(expected).totals);
    // 31 January alone: the late-evening class (1 February in UTC) is January's, paid by its line.
    const jan31 = await salary({ from: '2026-01-31', to: '2026-01-31' });
    expect(jan31.body.data.map(shape)).toEqual([expectedShape(closedLine('jan31evening'))]);

    const both = await salary({ from: '2026-01-01', to: '2026-03-31' });
    const all = [
      closedLine('jan15'),
      adjustmentLine(0),
      adjustmentLine(1),
      classLine('feb3'),
      classLine('feb5'),
      classLine('feb12norate'),
      adjustmentLine(2),
      closedLine('movedToFeb'),
      closedLine('jan31evening'),
      adjustmentLine(3),
      classLine('feb14'),
      classLine('movedToFeb'),
      classLine('feb28late'),
      classLine('mar1early'),
    ];
    expect(both.body.data.map(shape)).toEqual(all.map(expectedShape));
    expect(both.body.totals).toEqual(totalsOf(all).totals);
    expect(both.body.teachers).toEqual(totalsOf(all).teachers);
  });

  it('one teacher; pages keep the totals of every line', async () => {
    const bob = await salary({ from: '2026-02-01', to: '2026-02-28', teacherId: people.bob.id });
    const expected = [adjustmentLine(3), classLine('feb14'), classLine('movedToFeb'), classLine('feb28late')];
    expect(bob.body.data.map(shape)).toEqual(expected.map(expectedShape));
    expect(bob.body.teachers).toEqual(totalsOf(expected).teachers);
    const carl = await salary({ from: '2026-02-01', to: '2026-02-28', teacherId: people.carl.id });
    expect(carl.body).toMatchObject({
      data: [],
      total: 0,
      teachers: [],
      totals: { lines: 0, hours: '0.00', amount: '0.00' },
    });

    const page2 = await admin.get('/api/reports/teacher-salary', {
      from: '2026-02-01',
      to: '2026-02-28',
      pageSize: 3,
      current: 2,
    });
    const all = february();
    expect(page2.body.data.map(shape)).toEqual(all.slice(3, 6).map(expectedShape));
    expect(page2.body.data.map((l: { id: number }) => l.id)).toEqual([4, 5, 6]);
    expect(page2.body.total).toBe(9);
    expect(page2.body.totals).toEqual(totalsOf(all).totals);
  });

  it('the .xlsx: the same lines with typed cells, a total per teacher and overall', async () => {
    const res = await operator.download('/api/reports/teacher-salary/download', {
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('teacher-salary-2026-02-01-to-2026-02-28.xlsx');
    const rows = await xlsxRows(res.body);
    expect(rows[0]).toEqual([
      'Teacher',
      'Date',
      'Source',
      'Class date',
      'Start',
      'End',
      'Course',
      'Students',
      'Teacher hours',
      'Teacher hourly rate',
      'Amount',
      'Reason',
      'Class ID',
    ]);
    const money = (cents: number) => cents / 100;
    const sourceText = { CLASS: 'Class', CLOSED: 'Closed period', ADJUSTMENT: 'Adjustment' } as Record<string, string>;
    const lineRow = (l: Expected) => [
      people[l.teacher as 'alice'].name,
      new Date(`${l.date}T00:00:00Z`),
      sourceText[l.source],
      new Date(`${l.classDate}T00:00:00Z`),
      // Times are the centre's wall clock written as UTC fields (UTC-5 in February).
      new Date(new Date(l.startAt).getTime() - 5 * 3_600_000),
      new Date(new Date(l.endAt).getTime() - 5 * 3_600_000),
      l.course,
      l.students,
      l.hourCents / 100,
      l.rate === null ? null : Number(l.rate),
      money(l.cents),
      l.reason,
      l.scheduleId,
    ];
    const all = february();
    const alice = all.filter((l) => l.teacher === 'alice');
    const bob = all.filter((l) => l.teacher === 'bob');
    const totalRow = (label: string, of: Expected[]) => [
      label,
      ...Array(7).fill(null),
      sum(of.map((l) => l.hourCents)) / 100,
      null,
      money(sum(of.map((l) => l.cents))),
      null,
      null,
    ];
    const expected = [
      ...alice.map(lineRow),
      totalRow('Total Alice Archer', alice),
      ...bob.map(lineRow),
      totalRow('Total Bob Brown', bob),
      totalRow('Total', all),
    ];
    expect(rows.slice(1)).toEqual(expected);
    // Money cells carry the centre's currency format; hours are plain numbers (0.83, not text).
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const feb5Row = rows.findIndex((r) => r[12] === ids.feb5) + 1;
    expect(sheet.getRow(feb5Row).getCell(11).numFmt).toBe('"CAD "#,##0.00;-"CAD "#,##0.00');
    expect(sheet.getRow(feb5Row).getCell(9).value).toBe(0.83);
    expect(sheet.getRow(rows.length).getCell(11).numFmt).toBe('"CAD "#,##0.00;-"CAD "#,##0.00');
  });
});

describe('GET /api/reports/purchase-history', () => {
  const entries: { student: number; type: string; date: string; voucher: number; gift: number; method?: string }[] = [
    { student: 0, type: 'PURCHASE', date: '2026-02-02', voucher: 50000, gift: 5000, method: 'CARD' },
    { student: 0, type: 'REFUND', date: '2026-02-10', voucher: 12010, gift: 0 },
    { student: 1, type: 'PURCHASE', date: '2026-02-15', voucher: 30000, gift: 0, method: 'CASH' },
    { student: 1, type: 'ADJUSTMENT', date: '2026-02-20', voucher: -5, gift: 0 },
    { student: 2, type: 'PURCHASE', date: '2026-02-28', voucher: 12345, gift: 1055 },
    { student: 0, type: 'PURCHASE', date: '2026-03-01', voucher: 10000, gift: 0 },
    { student: 0, type: 'ADJUSTMENT', date: '2026-01-31', voucher: 2500, gift: 0 },
  ];
  const inFebruary = (e: (typeof entries)[number]) => e.date >= '2026-02-01' && e.date <= '2026-02-28';
  /** Each student's balance after each entry, in entry order: credits minus refunds, adjustments signed. */
  const balances: number[] = [];
  beforeAll(async () => {
    const running = [0, 0, 0];
    for (const e of entries) {
      const res = await operator.post('/api/voucher-purchases', {
        studentId: students[e.student].id,
        type: e.type,
        purchaseDate: e.date,
        voucherAmount: text(e.voucher),
        giftAmount: text(e.gift),
        paymentMethod: e.method ?? null,
        comments: `${e.type} ${e.date}`,
        idempotencyKey: randomUUID(),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      running[e.student] += e.type === 'REFUND' ? -e.voucher : e.voucher + e.gift;
      balances.push(running[e.student]);
    }
    // Another centre's purchase in February: never in this centre's report.
    const other = await createStudent(ctx.prisma, second.centre.id);
    const res = await callerWith(ctx.app, second.tokens.admin).post('/api/voucher-purchases', {
      studentId: other.id,
      type: 'PURCHASE',
      purchaseDate: '2026-02-05',
      voucherAmount: '999.00',
      idempotencyKey: randomUUID(),
    });
    expect(res.status).toBe(201);
  });

  function totalsOf(of: typeof entries) {
    const by = (type: string) => sum(of.filter((e) => e.type === type).map((e) => e.voucher));
    const purchased = by('PURCHASE');
    const refunded = by('REFUND');
    const adjusted = by('ADJUSTMENT');
    const gift = sum(of.map((e) => e.gift));
    return {
      voucherAmount: text(purchased - refunded + adjusted),
      giftAmount: text(gift),
      purchased: text(purchased),
      refunded: text(refunded),
      adjusted: text(adjusted),
      net: text(purchased - refunded + adjusted + gift),
    };
  }
  const rowOf = (e: (typeof entries)[number]) => ({
    student: { id: students[e.student].id, studentId: students[e.student].studentId, name: students[e.student].name },
    type: e.type,
    purchaseDate: e.date,
    voucherAmount: text(e.voucher),
    giftAmount: text(e.gift),
    paymentMethod: e.method ?? null,
    comments: `${e.type} ${e.date}`,
    balanceAfter: text(balances[entries.indexOf(e)]),
  });
  const history = (query: Record<string, string | number>) =>
    admin.get('/api/reports/purchase-history', { pageSize: 100, ...query });

  it('all students in a range, oldest first, with totals worked out here', async () => {
    const res = await history({ from: '2026-02-01', to: '2026-02-28' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = entries.filter(inFebruary).sort((a, b) => a.date.localeCompare(b.date));
    expect(res.body.data).toEqual(expected.map((e) => expect.objectContaining(rowOf(e))));
    expect(res.body.data[0].enteredBy).toEqual({ id: first.operator.id, name: expect.any(String) });
    expect(res.body.total).toBe(expected.length);
    expect(res.body.totals).toEqual(totalsOf(expected));
    // By hand: 500.00 + 300.00 + 123.45 purchased, 120.10 refunded, -0.05 adjusted, 60.55 gift.
    expect(res.body.totals).toEqual({
      voucherAmount: '803.30',
      giftAmount: '60.55',
      purchased: '923.45',
      refunded: '120.10',
      adjusted: '-0.05',
      net: '863.85',
    });
  });

  it('one student, one type, paging', async () => {
    const first0 = await history({ from: '2026-01-01', to: '2026-03-31', studentId: students[0].id });
    const mine = entries.filter((e) => e.student === 0).sort((a, b) => a.date.localeCompare(b.date));
    expect(first0.body.data).toEqual(mine.map((e) => expect.objectContaining(rowOf(e))));
    expect(first0.body.totals).toEqual(totalsOf(mine));

    const adjustmentsOnly = await history({ from: '2026-01-01', to: '2026-03-31', type: 'ADJUSTMENT' });
    const adjusted = entries.filter((e) => e.type === 'ADJUSTMENT').sort((a, b) => a.date.localeCompare(b.date));
    expect(adjustmentsOnly.body.data).toEqual(adjusted.map((e) => expect.objectContaining(rowOf(e))));
    expect(adjustmentsOnly.body.totals).toEqual(totalsOf(adjusted));

    const page = await admin.get('/api/reports/purchase-history', {
      from: '2026-01-01',
      to: '2026-03-31',
      pageSize: 2,
      current: 2,
    });
    const all = [...entries].sort((a, b) => a.date.localeCompare(b.date));
    expect(page.body.data).toEqual(all.slice(2, 4).map((e) => expect.objectContaining(rowOf(e))));
    expect(page.body.total).toBe(entries.length);
    expect(page.body.totals).toEqual(totalsOf(entries));
  });

  it('the .xlsx: the rows with typed cells, then the totals', async () => {
    const res = await admin.download('/api/reports/purchase-history/download', {
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('purchase-history-2026-02-01-to-2026-02-28.xlsx');
    const rows = await xlsxRows(res.body);
    expect(rows[0]).toEqual([
      'Purchase date',
      'Student ID',
      'Student',
      'Type',
      'Voucher amount',
      'Gift amount',
      'Payment method',
      'Comments',
      'Entered by',
      'Balance after',
    ]);
    const expected = entries.filter(inFebruary).sort((a, b) => a.date.localeCompare(b.date));
    const totals = totalsOf(expected);
    expect(rows.slice(1)).toEqual([
      ...expected.map((e) => [
        new Date(`${e.date}T00:00:00Z`),
        students[e.student].studentId,
        students[e.student].name,
        e.type,
        e.voucher / 100,
        e.gift === 0 ? 0 : e.gift / 100,
        // The export shows a built-in method's label, never its code.
        ({ CARD: 'Card', CASH: 'Cash' } as Record<string, string>)[e.method ?? ''] ?? null,
        `${e.type} ${e.date}`,
        expect.any(String),
        balances[entries.indexOf(e)] / 100,
      ]),
      [null, null, 'Total', null, Number(totals.voucherAmount), Number(totals.giftAmount), null, null, null, null],
      [null, null, 'Purchased', null, Number(totals.purchased), null, null, null, null, null],
      [null, null, 'Refunded', null, Number(totals.refunded), null, null, null, null, null],
      [null, null, 'Adjustments', null, Number(totals.adjusted), null, null, null, null, null],
      [null, null, 'Net (voucher + gift)', null, Number(totals.net), null, null, null, null, null],
    ]);
  });
});

describe('rights and bad input', () => {
  const urls = [
    '/api/reports/teacher-salary',
    '/api/reports/teacher-salary/download',
    '/api/reports/purchase-history',
    '/api/reports/purchase-history/download',
  ];

  it('a teacher gets 403 on every report', async () => {
    for (const url of urls) {
      const res = await teacherCaller.get(url, { from: '2026-02-01', to: '2026-02-28' });
      expect(res.status, url).toBe(403);
    }
  });

  it('refuses a range that ends before it starts or spans more than 366 days, naming `to`', async () => {
    for (const url of urls) {
      const backwards = await admin.get(url, { from: '2026-02-02', to: '2026-02-01' });
      expect(backwards.status, url).toBe(400);
      expect(backwards.body.fieldErrors).toEqual([{ field: 'to', message: REPORT_TO_BEFORE_FROM_MESSAGE }]);
      // 2024 is a leap year: 2024-01-01..2024-12-31 is 366 days (allowed), one more is not.
      expect((await admin.get(url, { from: '2024-01-01', to: '2024-12-31' })).status, url).toBe(200);
      const long = await admin.get(url, { from: '2024-01-01', to: '2025-01-01' });
      expect(long.status, url).toBe(400);
      expect(long.body.fieldErrors).toEqual([{ field: 'to', message: REPORT_RANGE_MESSAGE }]);
      const missing = await admin.get(url, { to: '2026-02-01' });
      expect(fieldsOf(missing.body), url).toEqual(['from']);
      const badDate = await admin.get(url, { from: '2026-02-30', to: '2026-03-01' });
      expect(fieldsOf(badDate.body), url).toEqual(['from']);
    }
  });

  it("refuses another centre's teacher or student, naming the field", async () => {
    for (const url of urls.slice(0, 2)) {
      const res = await admin.get(url, { from: '2026-02-01', to: '2026-02-28', teacherId: otherTeacherId });
      expect(res.status, url).toBe(400);
      expect(res.body.fieldErrors).toEqual([{ field: 'teacherId', message: NO_SUCH_TEACHER_MESSAGE }]);
      expect(fieldsOf((await admin.get(url, { from: '2026-02-01', to: '2026-02-28', teacherId: '01' })).body)).toEqual([
        'teacherId',
      ]);
    }
    for (const url of urls.slice(2)) {
      const res = await admin.get(url, { from: '2026-02-01', to: '2026-02-28', studentId: otherStudentId });
      expect(res.status, url).toBe(400);
      expect(res.body.fieldErrors).toEqual([{ field: 'studentId', message: NO_SUCH_STUDENT_MESSAGE }]);
    }
  });

  it('the closed period row is the one inserted (the report reads it, never writes)', async () => {
    const before = await ctx.prisma.payrollLine.count({ where: { periodId: januaryId } });
    await salary({ from: '2026-01-01', to: '2026-03-31' });
    expect(await ctx.prisma.payrollLine.count({ where: { periodId: januaryId } })).toBe(before);
  });
});
