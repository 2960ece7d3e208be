// A large centre for measuring lists at scale: `npm run db:seed -- --students 50000 --teachers 300`.
import type { PrismaClient } from '../../server/generated/prisma/client';

export const LARGE_CENTRE = 'Large Demo Centre';
const BATCH = 5_000;

const FIRST_NAMES = (
  'Olivia Liam Emma Noah Charlotte Oliver Amelia Elijah Sophia Lucas Mia Benjamin Chloe Ethan Ava ' +
  'William Isla James Zoe Leo Hannah Jack Grace Henry Aria Mateo Layla Daniel Nora Samuel Maya Wei ' +
  'Mei Jun Xin Hao Yu Arjun Priya Aarav Ananya Omar Fatima Yusuf Aisha Mohammed Sofia Diego Camila ' +
  'Santiago Lucia Kenji Yuki Min-jun Seo-yeon Thomas Emily Nathan Ella Gabriel Victoria Isaac ' +
  'Madison Owen Abigail Ryan Lily Adam Sarah David'
).split(' ');
const LAST_NAMES = (
  'Smith Brown Tremblay Martin Roy Wilson MacDonald Gagnon Johnson Taylor Lee Campbell Anderson ' +
  'Leblanc Cote Williams Jones Bouchard Gauthier Morin Thompson White Wong Chen Li Wang Zhang Liu ' +
  'Huang Zhao Nguyen Tran Patel Singh Sharma Gupta Khan Ali Hassan Kim Park Choi Tanaka Sato ' +
  'Suzuki Garcia Rodriguez Martinez Lopez Gonzalez Silva Santos Rossi Russo Muller Schmidt Fischer ' +
  'Dubois Lambert Fontaine OBrien Murphy Kelly Walsh Stewart Robertson Clark Lewis Walker Hall ' +
  'Young King Wright Scott Green Baker Adams Nelson'
).split(' ');

/** A small deterministic generator (mulberry32), so two seeded databases hold the same people. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface LargeCentreResult {
  organisationId: number;
  students: number;
  teachers: number;
  milliseconds: number;
}

/**
 * Creates a NEW centre named "Large Demo Centre" with `students` students (unique IDs L0000001...,
 * realistic names, start dates over five years, hourly rates 30-80), inserted in batches of 5,000, and `teachers` teachers (logins large<centre>.t<n>, no
 * password: they exist to be listed, not to sign in).
 */
export async function seedLargeCentre(
  prisma: PrismaClient,
  { students, teachers = 0 }: { students: number; teachers?: number },
): Promise<LargeCentreResult> {
  const started = Date.now();
  const next = random(students);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const centre = await prisma.organisation.create({ data: { name: LARGE_CENTRE } });
  const fiveYears = 5 * 365 * 86_400_000;
  const firstDay = Date.UTC(2021, 0, 1);
  for (let offset = 0; offset < students; offset += BATCH) {
    const size = Math.min(BATCH, students - offset);
    const rows = Array.from({ length: size }, (_, i) => {
      const n = offset + i + 1;
      const firstName = pick(FIRST_NAMES);
      const lastName = pick(LAST_NAMES);
      return {
        studentId: `L${String(n).padStart(7, '0')}`,
        firstName,
        lastName,
        email: `${firstName}.${lastName}.${n}@example.test`.toLowerCase(),
        startDate: new Date(firstDay + Math.floor(next() * fiveYears)).toISOString().slice(0, 10),
        hourlyRate: (30 + Math.floor(next() * 51)).toFixed(2),
        allowEmail: next() < 0.9,
        allowSms: next() < 0.4,
        active: next() < 0.9,
      };
    });
    const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key]);
    // One INSERT ... SELECT FROM unnest(arrays) per batch: Prisma's createMany binds one parameter per
    // value and ran at ~3 ms a row here (17 s per 5,000); this takes ~1 s per 5,000 rows.
    await prisma.$executeRaw`
      INSERT INTO "Student" ("organisationId", "studentId", "firstName", "lastName", "email", "startDate",
        "hourlyRate", "allowEmail", "allowSms", "active", "updatedAt")
      SELECT ${centre.id}, t.* , now() FROM unnest(
        ${column('studentId')}::text[], ${column('firstName')}::text[], ${column('lastName')}::text[],
        ${column('email')}::text[], ${column('startDate')}::date[], ${column('hourlyRate')}::numeric[],
        ${column('allowEmail')}::boolean[], ${column('allowSms')}::boolean[], ${column('active')}::boolean[]
      ) AS t`;
  }
  // Fresh statistics and visibility map after a bulk load: without them the planner guesses a handful
  // of rows and sorts the whole centre for each page instead of walking the sorted index.
  await prisma.$executeRawUnsafe('VACUUM ANALYZE "Student"');
  await seedTeachers(prisma, centre.id, teachers, pick);
  return { organisationId: centre.id, students, teachers, milliseconds: Date.now() - started };
}

async function seedTeachers(
  prisma: PrismaClient,
  organisationId: number,
  count: number,
  pick: <T>(list: readonly T[]) => T,
): Promise<void> {
  if (count === 0) return;
  await prisma.$transaction(async (tx) => {
    const users = await tx.user.createManyAndReturn({
      data: Array.from({ length: count }, (_, i) => ({
        login: `large${organisationId}.t${i + 1}`,
        email: `large${organisationId}.t${i + 1}@example.test`,
        firstName: pick(FIRST_NAMES),
        lastName: pick(LAST_NAMES),
        passwordHash: null, // like imported teachers: listed, unable to sign in until invited
        roles: ['ROLE_TEACHER' as const],
        organisationId,
      })),
      select: { id: true },
    });
    await tx.teacher.createMany({
      data: users.map((user, i) => ({
        organisationId,
        userId: user.id,
        employeeId: `E${String(i + 1).padStart(5, '0')}`,
        hourlyRate: (25 + (i % 40)).toFixed(2),
      })),
    });
  });
}
