import { ServerResponse } from 'node:http';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZImportedTeacher } from '../../server/features/staff/import-teachers';
import { LOOKUP_BATCH, MAX_IMPORT_ROWS, ROWS_PER_TURN } from '../../server/http/spreadsheet-import';
import { ZStudentBody } from '../../src/contracts/students';
import { createTeacher } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { studentImportCsv, studentRows, teacherImportCsv, teacherRows } from '../support/import-files';
import { createStudentRecord } from '../support/student-factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Issue 20: a maximum-size import checked its rows and looked up 20,000 keys in one stretch of the
// main thread, and every centre's requests waited. Measured in turns of the event loop, not in
// milliseconds: a ticker advances once per turn (setImmediate), and the checks of one row (the
// contract's safeParse, called through) and each lookup query note the turn they ran in.
let ctx: TestContext;
let first: Awaited<ReturnType<typeof createCentreWithStaff>>;
beforeAll(async () => {
  ctx = await createTestContext();
  first = await createCentreWithStaff(ctx);
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

const dryRun = (path: string, csv: string, dry = true) =>
  request(ctx.app)
    .post(path)
    .query({ dryRun: String(dry) })
    .set('Authorization', `Bearer ${first.tokens.operator}`)
    .set('Content-Type', 'text/csv')
    .send(csv);

/** Counts turns of the event loop while `work` runs; `turn()` reads the count. */
async function withTicker<T>(work: (turn: () => number) => Promise<T>): Promise<T> {
  let turns = 0;
  let ticking = true;
  const tick = () => {
    turns++;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return await work(() => turns);
  } finally {
    ticking = false;
  }
}

/** The most calls made in one turn of the event loop, given the turn of each call in order. */
function mostInOneTurn(turns: number[]): number {
  let most = 0;
  let run = 0;
  turns.forEach((turn, i) => {
    run = i > 0 && turns[i - 1] === turn ? run + 1 : 1;
    most = Math.max(most, run);
  });
  return most;
}

/** Every call of `method` on `target` (called through), with the turn it was made in and its first argument. */
function noteCalls<A>(target: object, method: string, turn: () => number, calls: { turn: number; arg: A }[] = []) {
  const spied = target as Record<string, (...args: unknown[]) => unknown>;
  const original = spied[method];
  vi.spyOn(spied, method).mockImplementation(function (this: unknown, ...args: unknown[]) {
    calls.push({ turn: turn(), arg: args[0] as A });
    return original.apply(this, args);
  });
  return calls;
}

type InQuery = { where: Record<string, { in: string[] }> };
const lookupsOf = (calls: { turn: number; arg: InQuery }[], field: string) =>
  calls.filter((c) => c.arg.where?.[field]?.in);
const keysOf = (calls: { turn: number; arg: InQuery }[], field: string) =>
  lookupsOf(calls, field).map((c) => c.arg.where[field].in.length);
/** Lookup queries come in separate turns: the turn advanced between each two. */
const separateTurns = (calls: { turn: number }[]) => calls.every((c, i) => i === 0 || c.turn > calls[i - 1].turn);

describe('a maximum-size import takes turns with the other requests', () => {
  it(`checks ${MAX_IMPORT_ROWS} students at most ${ROWS_PER_TURN} per turn, looking them up ${LOOKUP_BATCH} per query`, async () => {
    const rows = studentRows(MAX_IMPORT_ROWS, 'TURN');
    rows[499][0] = 'TURN1'; // row 501 repeats row 2
    rows[15_000][1] = ''; // row 15,002 has no first name
    for (const studentId of ['TURN2', 'TURN12000', 'TURN20000']) {
      await createStudentRecord(ctx.prisma, first.centre.id, { studentId });
    }
    const res = await withTicker(async (turn) => {
      const checks = noteCalls(ZStudentBody, 'safeParse', turn);
      const lookups = noteCalls<InQuery>(ctx.prisma.student, 'findMany', turn);
      const res = await dryRun('/api/students/import', studentImportCsv(rows));
      expect(checks).toHaveLength(MAX_IMPORT_ROWS);
      expect(mostInOneTurn(checks.map((c) => c.turn))).toBeLessThanOrEqual(ROWS_PER_TURN);
      const keys = keysOf(lookups, 'studentId');
      expect(keys).toHaveLength(Math.ceil((MAX_IMPORT_ROWS - 2) / LOOKUP_BATCH));
      expect(Math.max(...keys)).toBe(LOOKUP_BATCH);
      expect(keys.reduce((a, b) => a + b)).toBe(MAX_IMPORT_ROWS - 2);
      expect(separateTurns(lookupsOf(lookups, 'studentId'))).toBe(true);
      return res;
    });
    // The same reply as one stretch gave: every error, in file order, found in any batch.
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dryRun: true, total: MAX_IMPORT_ROWS, valid: MAX_IMPORT_ROWS - 5, imported: 0 });
    expect(res.body.errors).toEqual([
      { row: 3, field: 'Student ID', message: 'Student ID already exists!' },
      { row: 501, field: 'Student ID', message: 'Student ID repeats row 2' },
      { row: 12_001, field: 'Student ID', message: 'Student ID already exists!' },
      { row: 15_002, field: 'First Name', message: 'First name is required' },
      { row: 20_001, field: 'Student ID', message: 'Student ID already exists!' },
    ]);
  });

  it('sends 20,000 rows of errors (220,000, some 15 MB) in parts, as the same JSON in file order', async () => {
    const bad = ['', '', '', 'not-an-email', 'x', '', '2026-13-45', 'abc', 'maybe', 'perhaps', 'Nobody', 'dunno', ''];
    const rows = Array.from({ length: MAX_IMPORT_ROWS }, () => [...bad]);
    rows[7][0] = 'FINE1'; // row 9: the Student ID is the only cell that is right
    const { res, writes } = await withTicker(async (turn) => {
      const writes = noteCalls<unknown>(ServerResponse.prototype, 'write', turn);
      // Uncompressed, so that each write of the reply reaches the socket's write (compression's output comes in its own parts).
      const res = await dryRun('/api/students/import', studentImportCsv(rows)).set('Accept-Encoding', 'identity');
      return { res, writes };
    });
    // Written in at least one turn per ERRORS_PER_TURN (2,000) errors.
    expect(new Set(writes.map((w) => w.turn)).size).toBeGreaterThanOrEqual(219_999 / 2000);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.text).toBe(JSON.stringify(res.body)); // what res.json would have sent
    expect(res.body.message).toBe('219999 errors in 20000 rows: correct them, then import');
    const ofRow9 = res.body.errors.filter((e: { row: number }) => e.row === 9);
    expect(ofRow9.map((e: { field: string }) => e.field)).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'Phone',
      'Start Date',
      'Hourly Rate',
      'Allow SMS',
      'Allow Email',
      'Referrer',
      'Active',
    ]);
    const rowsInOrder = res.body.errors.map((e: { row: number }) => e.row);
    expect(rowsInOrder.every((row: number, i: number) => i === 0 || row >= rowsInOrder[i - 1])).toBe(true);
  });

  it(`checks ${MAX_IMPORT_ROWS} teachers the same way, logins, emails and employee IDs in batches`, async () => {
    const rows = teacherRows(MAX_IMPORT_ROWS, 'turn.t');
    rows[9_999][11] = 'maybe'; // row 10,001: Activated is not yes or no
    const user = (login: string, email: string) =>
      ctx.prisma.user.create({
        data: { login, email, firstName: 'Old', lastName: 'User', roles: ['ROLE_TEACHER'], organisationId: null },
      });
    await user('turn.t2', 'someone.else@example.test');
    await user('someone.else', 'turn.t19999@example.test');
    const teacher = await createTeacher(ctx.prisma, first.centre.id);
    await ctx.prisma.teacher.update({ where: { id: teacher.id }, data: { employeeId: 'TURN.T-7000' } });
    const res = await withTicker(async (turn) => {
      const checks = noteCalls(ZImportedTeacher, 'safeParse', turn);
      const users = noteCalls<InQuery>(ctx.prisma.user, 'findMany', turn);
      const teachers = noteCalls<InQuery>(ctx.prisma.teacher, 'findMany', turn);
      const res = await dryRun('/api/teachers/import', teacherImportCsv(rows));
      expect(checks).toHaveLength(MAX_IMPORT_ROWS);
      expect(mostInOneTurn(checks.map((c) => c.turn))).toBeLessThanOrEqual(ROWS_PER_TURN);
      const batches = Math.ceil((MAX_IMPORT_ROWS - 1) / LOOKUP_BATCH);
      for (const keys of [keysOf(users, 'login'), keysOf(users, 'email'), keysOf(teachers, 'employeeId')]) {
        expect(keys).toHaveLength(batches);
        expect(Math.max(...keys)).toBe(LOOKUP_BATCH);
        expect(keys.reduce((a, b) => a + b)).toBe(MAX_IMPORT_ROWS - 1);
      }
      const queries = [
        ...lookupsOf(users, 'login'),
        ...lookupsOf(users, 'email'),
        ...lookupsOf(teachers, 'employeeId'),
      ];
      expect(separateTurns(queries.sort((a, b) => a.turn - b.turn))).toBe(true);
      return res;
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dryRun: true, total: MAX_IMPORT_ROWS, valid: MAX_IMPORT_ROWS - 4, imported: 0 });
    expect(res.body.errors).toEqual([
      { row: 3, field: 'Login', message: 'User already exists!' },
      { row: 7_001, field: 'Employee ID', message: 'Employee ID already used by another teacher' },
      { row: 10_001, field: 'Activated', message: 'Enter Yes or No' },
      { row: 20_000, field: 'Email', message: 'Email already exists!' },
    ]);
  });

  it('imports for real in parts of 1,000 rows, a turn between, all in one transaction', async () => {
    const students = studentRows(2500, 'REAL');
    const teachers = teacherRows(2500, 'real.t');
    const { studentInserts, userInserts, teacherReads, res } = await withTicker(async (turn) => {
      // Inside the transaction the calls go to its own client: noted on each transaction's client.
      const studentInserts: { turn: number; arg: { data: unknown[] } }[] = [];
      const userInserts: { turn: number; arg: { data: unknown[] } }[] = [];
      const teacherReads: { turn: number; arg: InQuery }[] = [];
      const transaction = ctx.prisma.$transaction.bind(ctx.prisma) as (...args: unknown[]) => Promise<unknown>;
      vi.spyOn(ctx.prisma, '$transaction').mockImplementation(((
        work: (tx: typeof ctx.prisma) => unknown,
        options: unknown,
      ) =>
        transaction((tx: typeof ctx.prisma) => {
          noteCalls(tx.student, 'createManyAndReturn', turn, studentInserts);
          noteCalls(tx.user, 'createManyAndReturn', turn, userInserts);
          noteCalls(tx.teacher, 'findMany', turn, teacherReads);
          return work(tx);
        }, options)) as never);
      const res = [await dryRun('/api/students/import', studentImportCsv(students), false)];
      res.push(await dryRun('/api/teachers/import', teacherImportCsv(teachers), false));
      return { studentInserts, userInserts, teacherReads, res };
    });
    expect(res.map((r) => r.body.message)).toEqual(['Imported 2500 students', 'Imported 2500 teachers']);
    expect(await ctx.prisma.student.count({ where: { studentId: { startsWith: 'REAL' } } })).toBe(2500);
    expect(await ctx.prisma.teacher.count({ where: { employeeId: { startsWith: 'REAL.T-' } } })).toBe(2500);
    for (const calls of [studentInserts, userInserts]) {
      expect(calls.map((c) => c.arg.data.length)).toEqual([1000, 1000, 500]);
      expect(separateTurns(calls)).toBe(true);
    }
    const audited = teacherReads.filter((c) => c.arg.where?.id);
    expect(audited).toHaveLength(3);
    expect(separateTurns(audited)).toBe(true);
    // 5,000 real rows in one transaction: 12 s on CI's machine, past the default 30 s
    // once when the machine was loaded further. A limit, not a timing assertion.
  }, 90_000);
});
