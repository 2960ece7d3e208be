// The demo centre's records, so that a first look finds a living centre: teachers (the demo `teacher`
// login among them) with courses, 60 students (most with a referrer), this and last season's terms,
// and registrations, some paid and some not. Deterministic: a seeded generator picks everything, and
// dates count from the day the seed runs. Bulk inserts keep it well under a second on PGlite.
import type { Prisma, TermPaymentType } from '../generated/prisma/client';
import { seedDemoMoney } from './demo-money';
import { seedDemoPlace } from './demo-rooms';
import { seedDemoSchedules } from './demo-schedules';

type Tx = Prisma.TransactionClient;

/** mulberry32: a small deterministic generator, so every demo database holds the same people. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] };
}

const FIRST =
  'Olivia Liam Emma Noah Chloé Lucas Mia Wei Mei Jun Arjun Priya Omar Aisha Sofia Diego Kenji Yuki Zoe Leo Hannah Isaac Maya Élodie'.split(
    ' ',
  );
const LAST =
  'Smith Tremblay Martin Roy Wilson Gagnon Lee Chen Li Wang Zhang Nguyen Patel Singh Khan Kim Park Tanaka Garcia Silva Dubois Murphy Côté Bouchard'.split(
    ' ',
  );
const TEACHERS = [
  { login: 'mira.patel', firstName: 'Mira', lastName: 'Patel', colour: '#13c2c2' },
  { login: 'jonah.wu', firstName: 'Jonah', lastName: 'Wu', colour: '#fa8c16' },
  { login: 'claire.roy', firstName: 'Claire', lastName: 'Roy', colour: '#722ed1' },
  { login: 'samir.haddad', firstName: 'Samir', lastName: 'Haddad', colour: '#52c41a' },
];
// [school, number, name, price of a term, teacher indexes (0 = the demo teacher)]
const COURSES: [string, string, string, number, number[]][] = [
  ['North High', 'MATH-9', 'Grade 9 Mathematics', 480, [0, 1]],
  ['North High', 'MATH-12', 'Calculus & Vectors', 640, [0]],
  ['North High', 'ENG-10', 'English Writing', 420, [3]],
  ['Maple Public', 'READ-3', 'Early Reading', 360, [3, 4]],
  ['Maple Public', 'SCI-6', 'Science Club', 390, [2]],
  ['Online', 'PHYS-11', 'Physics 11', 560, [1, 0]],
  ['Online', 'CHEM-11', 'Chemistry 11', 560, [2]],
  ['Maple Public', 'PIANO-1', 'Piano for Beginners', 1200, [4]],
];
const REFERRERS = [
  'Mrs Chen (parent)',
  'Maple PTA',
  'Dr Ahmed',
  'North High guidance',
  'Google search',
  'Li family',
  'Community newsletter',
  'Mr Tremblay',
];
const PAYMENT_TYPES: TermPaymentType[] = ['CASH', 'CARD', 'E_TRANSFER', 'E_TRANSFER', 'CHEQUE'];

const DAY = 86_400_000;
const dateOnly = (ms: number) => new Date(Math.floor(ms / DAY) * DAY);
const SEASONS = [
  'Winter',
  'Winter',
  'Winter',
  'Spring',
  'Spring',
  'Spring',
  'Summer',
  'Summer',
  'Fall',
  'Fall',
  'Fall',
  'Fall',
];
/** "Fall 2026": how a centre names a term that starts on this day. */
const seasonOf = (day: Date) => `${SEASONS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;

export interface DemoCentreOptions {
  organisationId: number;
  /** The demo `teacher` login: it gets the first Teacher record, so it has courses and classes. */
  teacherUserId: number;
  /** Who confirmed the demo's past classes (the demo admin), if any. */
  adminUserId?: number;
  today?: Date;
}

export async function seedDemoCentre(
  tx: Tx,
  { organisationId, teacherUserId, adminUserId, today = new Date() }: DemoCentreOptions,
) {
  const { next, pick } = generator(20261122);
  const now = dateOnly(today.getTime()).getTime();
  // Teachers: more logins without a password (they wait for an invitation), then every Teacher record.
  const users = await tx.user.createManyAndReturn({
    data: TEACHERS.map((t) => ({
      login: t.login,
      email: `${t.login}@demo.levelup.test`,
      firstName: t.firstName,
      lastName: t.lastName,
      passwordHash: null,
      roles: ['ROLE_TEACHER' as const],
      organisationId,
    })),
    select: { id: true },
  });
  const colours = ['#1890ff', ...TEACHERS.map((t) => t.colour)];
  const teachers = await tx.teacher.createManyAndReturn({
    data: [teacherUserId, ...users.map((u) => u.id)].map((userId, i) => ({
      organisationId,
      userId,
      employeeId: `T-${String(i + 1).padStart(3, '0')}`,
      hourlyRate: (32 + i * 4).toFixed(2),
      colour: colours[i],
      operatingArea: i % 2 ? 'Online' : 'Downtown',
    })),
    select: { id: true },
  });
  const courses = [];
  for (const [school, courseNumber, name, , teacherIndexes] of COURSES) {
    const course = await tx.course.create({
      data: {
        organisationId,
        school,
        courseNumber,
        name,
        teachers: { connect: teacherIndexes.map((i) => ({ id: teachers[i].id })) },
      },
      select: { id: true },
    });
    courses.push(course.id);
  }
  // One location (named after the centre) with three rooms: every student is enrolled there.
  const place = await seedDemoPlace(tx, organisationId);
  const referrers = await tx.referrer.createManyAndReturn({
    data: REFERRERS.map((name, i) => ({ organisationId, name, phone: `416-555-01${String(i).padStart(2, '0')}` })),
    select: { id: true },
  });
  const students = await tx.student.createManyAndReturn({
    data: Array.from({ length: 60 }, (_, i) => {
      const firstName = pick(FIRST);
      const lastName = pick(LAST);
      return {
        organisationId,
        locationId: place.locationId,
        studentId: `LU-${String(i + 1).padStart(4, '0')}`,
        firstName,
        lastName,
        referrerId: next() < 0.75 ? pick(referrers).id : null,
        startDate: dateOnly(now - Math.floor(next() * 700) * DAY),
        email: `${firstName}.${lastName}.${i + 1}@family.test`
          .normalize('NFD')
          .replace(/[^\w.@-]/g, '')
          .toLowerCase(),
        phone: `647-555-${String(1000 + i)}`,
        hourlyRate: (40 + Math.floor(next() * 9) * 5).toFixed(2),
        allowSms: next() < 0.5,
        active: i % 10 !== 9, // six former students
      };
    }),
    select: { id: true, referrerId: true },
  });
  await seedDemoHouseholds(tx, organisationId);
  await tx.referral.createMany({
    data: students
      .filter((s) => s.referrerId !== null)
      .map((s) => ({
        organisationId,
        referrerId: s.referrerId as number,
        studentId: s.id,
        comments: 'Referred at sign-up',
      })),
  });
  // Last season's terms (over) and this season's (running), each with its course's first teacher.
  const terms = [];
  for (const [c, [school, , , price, teacherIndexes]] of COURSES.entries()) {
    for (const [start, end] of [
      [now - 150 * DAY, now - 40 * DAY],
      [now - 20 * DAY, now + 90 * DAY],
    ]) {
      const term = await tx.term.create({
        data: {
          organisationId,
          name: `${COURSES[c][2]}, ${seasonOf(dateOnly(start))}`,
          school,
          courseId: courses[c],
          teacherId: teachers[teacherIndexes[0]].id,
          startDate: dateOnly(start),
          endDate: dateOnly(end),
        },
        select: { id: true, courseId: true, teacherId: true, startDate: true, endDate: true },
      });
      terms.push({ ...term, price, current: start > now - 30 * DAY });
    }
  }
  // Each active student in one to three terms (once per term); past terms paid, current ones partly.
  const registrations: Prisma.TermRegisterCreateManyInput[] = [];
  for (const [i, student] of students.entries()) {
    if (i % 10 === 9) continue;
    const chosen = new Set<number>();
    const count = 1 + Math.floor(next() * 3);
    while (chosen.size < count) chosen.add(Math.floor(next() * terms.length));
    for (const t of chosen) {
      const term = terms[t];
      registrations.push({
        organisationId,
        termId: term.id,
        studentId: student.id,
        courseId: term.courseId,
        teacherId: term.teacherId,
        paymentType: pick(PAYMENT_TYPES),
        price: term.price.toFixed(2),
        paid: term.current ? next() < 0.55 : true,
        createdAt: new Date(term.startDate.getTime() - Math.floor(next() * 14) * DAY + 15 * 3_600_000),
      });
    }
  }
  await tx.termRegister.createMany({ data: registrations });
  const { timeZone } = await tx.organisation.findUniqueOrThrow({ where: { id: organisationId } });
  const schedules = await seedDemoSchedules(tx, {
    organisationId,
    timeZone,
    terms,
    courseIds: courses,
    demoTeacherId: teachers[0].id,
    lateTeacherId: teachers[1].id,
    confirmedById: adminUserId ?? null,
    now: today,
    random: next,
    place,
  });
  const teacherUsers = [teacherUserId, ...users.map((u) => u.id)];
  const money = adminUserId
    ? await seedDemoMoney(tx, {
        organisationId,
        timeZone,
        teachers: teachers.map((t, i) => ({ id: t.id, userId: teacherUsers[i] })),
        courseIds: courses,
        adminUserId,
        now: today,
        random: next,
        place,
      })
    : null;
  return {
    schedules,
    voucherStudents: money?.voucherStudents ?? 0,
    teachers: teachers.length,
    courses: courses.length,
    students: students.length,
    registrations: registrations.length,
  };
}

/**
 * Households as the migration makes them (one per student, their contacts as guardians), then siblings:
 * two students enrolled one after the other with the same family name share one household (up to 3).
 */
async function seedDemoHouseholds(tx: Prisma.TransactionClient, organisationId: number) {
  await tx.$queryRaw`SELECT "households_from_students"()`;
  const students = await tx.student.findMany({
    where: { organisationId },
    orderBy: { id: 'asc' },
    select: { lastName: true, householdId: true },
  });
  let merged = 0;
  for (let i = 1; i < students.length && merged < 3; i++) {
    const [older, younger] = [students[i - 1], students[i]];
    if (older.lastName !== younger.lastName || !older.householdId || !younger.householdId) continue;
    await tx.student.updateMany({
      where: { householdId: younger.householdId },
      data: { householdId: older.householdId },
    });
    await tx.guardian.updateMany({
      where: { householdId: younger.householdId },
      data: { householdId: older.householdId },
    });
    await tx.household.delete({ where: { id: younger.householdId } });
    younger.householdId = older.householdId;
    merged += 1;
  }
  // The migration cannot know the guardians' names; a centre's desk would have them (issue 37, finding
  // 15: the demo showed "No name yet" everywhere). A parent's first name and the family's name.
  const unnamed = await tx.guardian.findMany({
    where: { organisationId, name: null },
    orderBy: { id: 'asc' },
    select: { id: true, household: { select: { name: true } } },
  });
  for (const [i, guardian] of unnamed.entries()) {
    const first = PARENT_FIRST_NAMES[i % PARENT_FIRST_NAMES.length];
    await tx.guardian.update({ where: { id: guardian.id }, data: { name: `${first} ${guardian.household.name}` } });
  }
}

const PARENT_FIRST_NAMES = ['Anna', 'David', 'Li', 'Maria', 'James', 'Priya', 'Omar', 'Sophie', 'Chen', 'Laura'];
