// `npm run bench -- load` (issue 24): the deployment of deploy/cluster.mts (nginx in front of compiled
// API processes and message workers on one PostgreSQL) under a centre's mix, three times:
//   1. one API process and one worker;
//   2. two API processes and two workers;
//   3. two and two again while 1,000 emails drain (the yardstick), then again while another 1,000 drain,
//      with one API process and one worker SIGKILLed once half of that batch is delivered.
// Virtual users with no think time each repeat the mix: 70% reads (the student list, the week's table
// view, a month of the calendar, the dashboard, a student's ledger) and 30% writes (a new student, a
// voucher purchase with its idempotency key, a new class, a teacher's confirmation). Printed: req/s,
// p50/p95/p99 per route, errors by cause, the machine's load, and the exactly-once checks: every 2xx
// write in the database once, no failed write committed (except by the killed process), every balance
// equal to its ledger, every email delivered, duplicates at most MESSAGE_CONCURRENCY.
// LOAD_USERS (default 50), LOAD_SECONDS per phase (default 30), LOAD_EMAILS (default 1000),
// TEST_DATABASE_URL (default the local server): a scratch database is made and dropped.
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type Cluster, startCluster } from '../../deploy/cluster.mts';
import { createPrisma } from '../../server/db/client';
import { applyMigrations } from '../../server/db/migrator';
import type { DatabaseTarget } from '../../server/db/target';
import { loadMessagingConfig } from '../../server/messaging/config';
import { enqueueMessages, type MessageInput } from '../../server/messaging/enqueue';
import { openMessageQueue } from '../../server/messaging/queue';
import { isEmpty, seedDemo } from '../../server/seed/demo';
import { databaseUrl, withAdmin } from '../support/global-setup';
import { startSmtpStandIn } from '../support/smtp-standin';

const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const EMAILS = Number(process.env.LOAD_EMAILS ?? 1000);
const CONCURRENCY = Number(process.env.MESSAGE_CONCURRENCY ?? 8);
const TIMEOUT_MS = 10_000;

interface Sample {
  route: string;
  ms: number;
  /** HTTP status, or 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  cause?: string;
}

interface Write {
  kind: 'student' | 'purchase' | 'class' | 'confirm';
  key: string;
  status: number;
}

interface Fixture {
  operator: string;
  teacher: string;
  studentIds: number[];
  teacherIds: number[];
  courseId: number;
  organisationId: number;
  /** The demo teacher's classes awaiting confirmation, taken one by one. */
  toConfirm: number[];
}

const run = randomBytes(3).toString('hex');
let sequence = 0;
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const today = () => new Date().toISOString().slice(0, 10);

async function call(
  base: string,
  route: string,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: unknown,
): Promise<Sample & { json?: unknown }> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const code = (json as { errorCode?: string } | undefined)?.errorCode;
    return {
      route,
      ms: performance.now() - started,
      status: res.status,
      cause: res.status >= 400 ? `${res.status}${code ? ` ${code}` : ''}` : undefined,
      json,
    };
  } catch (error) {
    const name = error instanceof Error ? (error.name === 'TimeoutError' ? 'client timeout' : error.message) : 'error';
    return { route, ms: performance.now() - started, status: 0, cause: `no answer (${name})` };
  }
}

/** One step of the mix: 70% reads, 30% writes. */
async function step(base: string, f: Fixture, writes: Write[]): Promise<Sample> {
  const r = Math.random() * 100;
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const week = (d: number) => new Date(monday.getTime() + d * 86_400_000).toISOString().slice(0, 10);
  if (r < 18) return call(base, 'GET students', 'GET', '/api/students?current=1&pageSize=20', f.operator);
  if (r < 32)
    return call(
      base,
      'GET table week',
      'GET',
      `/api/schedules?current=1&pageSize=20&from=${week(0)}&to=${week(6)}`,
      f.operator,
    );
  if (r < 46) {
    const start = new Date(monday.getTime() - 7 * 86_400_000).toISOString();
    const end = new Date(monday.getTime() + 35 * 86_400_000).toISOString();
    return call(base, 'GET calendar month', 'GET', `/api/schedules/range?start=${start}&end=${end}`, f.operator);
  }
  if (r < 58) return call(base, 'GET dashboard', 'GET', '/api/dashboard', f.operator);
  if (r < 70)
    return call(
      base,
      'GET ledger',
      'GET',
      `/api/students/${pick(f.studentIds)}/ledger?current=1&pageSize=20`,
      f.operator,
    );
  if (r < 78) {
    const key = `LOAD-${run}-${++sequence}`;
    const s = await call(base, 'POST student', 'POST', '/api/students', f.operator, {
      studentId: key,
      firstName: 'Load',
      lastName: key,
    });
    writes.push({ kind: 'student', key, status: s.status });
    return s;
  }
  if (r < 86) {
    const key = randomUUID();
    const s = await call(base, 'POST purchase', 'POST', '/api/voucher-purchases', f.operator, {
      studentId: pick(f.studentIds),
      type: 'PURCHASE',
      purchaseDate: today(),
      voucherAmount: '100.00',
      giftAmount: '0',
      paymentMethod: 'CASH',
      idempotencyKey: key,
    });
    writes.push({ kind: 'purchase', key, status: s.status });
    return s;
  }
  if (r < 94) {
    // A class years ahead at a random quarter hour: most save; a clash is a 409, a refusal, not an error.
    const at = new Date(Date.UTC(2031, 0, 1) + Math.floor(Math.random() * 365 * 96) * 900_000);
    const key = `load ${run} ${++sequence}`;
    const s = await call(base, 'POST class', 'POST', '/api/schedules', f.operator, {
      courseType: 'ONE_ON_ONE',
      courseId: f.courseId,
      teacherId: pick(f.teacherIds),
      startAt: at.toISOString(),
      endAt: new Date(at.getTime() + 3_600_000).toISOString(),
      paymentType: 'VOUCHER',
      students: [{ studentId: pick(f.studentIds) }],
      comments: key,
    });
    writes.push({ kind: 'class', key, status: s.status });
    return s;
  }
  const id = f.toConfirm.pop();
  if (id === undefined) return call(base, 'GET my classes', 'GET', '/api/my-schedules', f.teacher);
  const key = randomUUID();
  const s = await call(base, 'POST confirm', 'POST', `/api/my-schedules/${id}/confirm`, f.teacher, {
    idempotencyKey: key,
  });
  writes.push({ kind: 'confirm', key: String(id), status: s.status });
  return s;
}

function quantile(sorted: number[], q: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] : Number.NaN;
}

function report(label: string, samples: Sample[], seconds: number, load: number[]) {
  console.log(
    `\n${label}: ${samples.length} requests in ${seconds.toFixed(1)} s = ${(samples.length / seconds).toFixed(1)} req/s`,
  );
  console.log(
    `  machine load (1/5/15 min) before ${load.map((l) => l.toFixed(2)).join(' ')}, after ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const routes = [...new Set(samples.map((s) => s.route))].sort();
  console.log(
    `  ${'route'.padEnd(20)} ${'count'.padStart(6)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}  (ms)`,
  );
  for (const route of routes) {
    const ms = samples
      .filter((s) => s.route === route)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    console.log(
      `  ${route.padEnd(20)} ${String(ms.length).padStart(6)} ${quantile(ms, 0.5).toFixed(0).padStart(7)} ${quantile(ms, 0.95).toFixed(0).padStart(7)} ${quantile(ms, 0.99).toFixed(0).padStart(7)}`,
    );
  }
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  console.log(
    `  ${'all'.padEnd(20)} ${String(all.length).padStart(6)} ${quantile(all, 0.5).toFixed(0).padStart(7)} ${quantile(all, 0.95).toFixed(0).padStart(7)} ${quantile(all, 0.99).toFixed(0).padStart(7)}`,
  );
  const causes = new Map<string, number>();
  for (const s of samples)
    if (s.cause) causes.set(`${s.route}: ${s.cause}`, (causes.get(`${s.route}: ${s.cause}`) ?? 0) + 1);
  console.log(`  refusals and errors: ${causes.size ? '' : 'none'}`);
  for (const [cause, n] of [...causes].sort((a, b) => b[1] - a[1]))
    console.log(`    ${String(n).padStart(5)}  ${cause}`);
}

/** USERS virtual users for SECONDS; `during` starts with them and picks its own moment (the kills). */
async function mix(base: string, f: Fixture, during?: () => Promise<void>, users = USERS, seconds = SECONDS) {
  const samples: Sample[] = [];
  const writes: Write[] = [];
  const load = loadavg();
  const started = performance.now();
  const until = started + seconds * 1000;
  const side = during ? during() : Promise.resolve();
  await Promise.all(
    Array.from({ length: users }, async () => {
      while (performance.now() < until) samples.push(await step(base, f, writes));
    }),
  );
  await side;
  return { samples, writes, seconds: (performance.now() - started) / 1000, load };
}

/** Every 2xx write in the database exactly once; what else committed; balances equal ledgers. */
async function checkWrites(db: pg.Client, writes: Write[], f: Fixture) {
  const ok = (w: Write) => w.status >= 200 && w.status < 300;
  const lines: string[] = [];
  for (const kind of ['student', 'purchase', 'class', 'confirm'] as const) {
    const mine = writes.filter((w) => w.kind === kind);
    const keys = mine.map((w) => w.key);
    let rows: { key: string; n: number }[] = [];
    if (kind === 'student')
      rows = (
        await db.query(
          'SELECT "studentId" AS key, count(*)::int AS n FROM "Student" WHERE "studentId" = ANY($1) GROUP BY 1',
          [keys],
        )
      ).rows;
    if (kind === 'purchase')
      rows = (
        await db.query(
          'SELECT "idempotencyKey" AS key, count(*)::int AS n FROM "VoucherPurchase" WHERE "idempotencyKey" = ANY($1) GROUP BY 1',
          [keys],
        )
      ).rows;
    if (kind === 'class')
      rows = (
        await db.query(
          'SELECT "comments" AS key, count(*)::int AS n FROM "Schedule" WHERE "comments" = ANY($1) GROUP BY 1',
          [keys],
        )
      ).rows;
    if (kind === 'confirm')
      rows = (
        await db.query(
          `SELECT "id"::text AS key, 1 AS n FROM "Schedule" WHERE "id" = ANY($1::int[]) AND "status" = 'COMPLETED'`,
          [keys.map(Number)],
        )
      ).rows;
    const found = new Map(rows.map((r) => [r.key, r.n]));
    const okKeys = mine.filter(ok);
    const missing = okKeys.filter((w) => !found.has(w.key)).length;
    const twice = rows.filter((r) => r.n > 1).length;
    const failed = mine.filter((w) => !ok(w) && w.status !== 409 && w.status !== 400);
    const failedCommitted = failed.filter((w) => found.has(w.key)).length;
    lines.push(
      `  ${kind.padEnd(8)} 2xx ${String(okKeys.length).padStart(5)}, in the database ${String(okKeys.length - missing).padStart(5)} (missing ${missing}, twice ${twice}); failed on the client ${failed.length}, of which committed ${failedCommitted}`,
    );
  }
  const unequal = (
    await db.query(
      `SELECT count(*)::int AS n FROM "Student" s WHERE s."organisationId" = $1 AND s."voucherBalance" <>
         COALESCE((SELECT sum(e."amount") FROM "VoucherLedgerEntry" e WHERE e."studentId" = s."id"), 0)`,
      [f.organisationId],
    )
  ).rows[0].n;
  lines.push(`  balances unequal to their ledger: ${unequal}`);
  console.log(lines.join('\n'));
}

async function signIn(base: string, username: string) {
  const res = await fetch(`${base}/api/authenticate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'levelup-demo', rememberMe: true }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id_token: string }).id_token;
}

type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

async function fixture(base: string, db: { query: Query }): Promise<Fixture> {
  const operator = await signIn(base, 'operator');
  const teacher = await signIn(base, 'teacher');
  const org = (await db.query(`SELECT "organisationId" AS id FROM "User" WHERE "login" = 'operator'`)).rows[0]
    .id as number;
  const studentIds = (
    await db.query('SELECT "id" FROM "Student" WHERE "organisationId" = $1 AND "active"', [org])
  ).rows.map((r) => r.id as number);
  const teacherIds = (
    await db.query('SELECT "id" FROM "Teacher" WHERE "organisationId" = $1 AND "deletedAt" IS NULL', [org])
  ).rows.map((r) => r.id as number);
  const courseId = (
    await db.query('SELECT "id" FROM "Course" WHERE "organisationId" = $1 ORDER BY "id" LIMIT 1', [org])
  ).rows[0].id as number;
  // The demo teacher's past planned classes: what teachers confirm during the run (made once, 300).
  const awaiting = async () => {
    const mine = await fetch(`${base}/api/my-schedules`, { headers: { Authorization: `Bearer ${teacher}` } });
    return ((await mine.json()) as { awaiting: { id: number }[] }).awaiting.map((c) => c.id);
  };
  let toConfirm = await awaiting();
  if (toConfirm.length < 100) {
    const demoTeacher = (
      await db.query(`SELECT t."id" FROM "Teacher" t JOIN "User" u ON u."id" = t."userId" WHERE u."login" = 'teacher'`)
    ).rows[0].id as number;
    const made = Array.from({ length: 300 }, (_, n) => n);
    const lane = async () => {
      for (let n = made.pop(); n !== undefined; n = made.pop()) {
        // Within the last day: a class of a closed pay period (last month) is the admin's to change (403).
        const at = new Date(Date.now() - 2 * 3_600_000 - n * 5 * 60_000);
        at.setUTCSeconds(0, 0);
        await call(base, 'setup', 'POST', '/api/schedules', operator, {
          courseType: 'ONE_ON_ONE',
          courseId,
          teacherId: demoTeacher,
          startAt: at.toISOString(),
          endAt: new Date(at.getTime() + 30 * 60_000).toISOString(),
          paymentType: 'VOUCHER',
          students: [{ studentId: studentIds[n % studentIds.length] }],
          override: { reason: 'load bench: a past class to confirm' },
        });
      }
    };
    await Promise.all(Array.from({ length: 8 }, lane));
    toConfirm = await awaiting();
  }
  return { operator, teacher, studentIds, teacherIds, courseId, organisationId: org, toConfirm };
}

/** Queues `count` emails in one transaction; resolves with the batch's tag. */
async function queueEmails(target: DatabaseTarget, organisationId: number, tag: string, count: number) {
  const prisma = await createPrisma(target);
  const queue = await openMessageQueue(target, loadMessagingConfig(target, {}));
  try {
    const inputs: MessageInput[] = Array.from({ length: count }, (_, n) => ({
      organisationId,
      channel: 'EMAIL' as const,
      recipient: `family${n}@example.test`,
      recipientName: `Family ${n}`,
      template: 'bench',
      subject: `Load ${tag} ${n}`,
      bodyText: `Notice ${n} of the ${tag} batch.`,
    }));
    await prisma.$transaction((tx) => enqueueMessages(tx, queue, inputs), { timeout: 60_000 });
  } finally {
    await queue.stop();
    await prisma.$disconnect();
  }
}

type Smtp = Awaited<ReturnType<typeof startSmtpStandIn>>;

/** The batch's emails the SMTP stand-in has, once each. */
const seenOf = (smtp: Smtp, tag: string) =>
  new Set(
    smtp.received.filter((m) => m.raw.includes(`Load ${tag} `)).map((m) => /Subject: Load \S+ (\d+)/.exec(m.raw)?.[1]),
  );

/** Waits until the SMTP stand-in has `count` emails of `tag` (or 300 s have passed). */
async function received(smtp: Smtp, tag: string, count: number) {
  const deadline = performance.now() + 300_000;
  while (seenOf(smtp, tag).size < count && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

/** Waits until the SMTP stand-in has every email of `tag`; returns the seconds it took from `since`. */
async function drained(smtp: Smtp, tag: string, count: number, since: number) {
  const seen = () => seenOf(smtp, tag);
  await received(smtp, tag, count);
  const all = smtp.received.filter((m) => m.raw.includes(`Load ${tag} `)).length;
  const unique = seen().size;
  return { seconds: (performance.now() - since) / 1000, unique, duplicates: all - unique };
}

export async function benchLoad(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = `levelup_load_${run}`;
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = databaseUrl(serverUrl, name);
  const target: DatabaseTarget = { kind: 'postgres', url };
  const smtp = await startSmtpStandIn();
  const db = new pg.Client({ connectionString: url });
  let cluster: Cluster | undefined;
  console.log(
    `load: ${USERS} users, no think time, ${SECONDS} s per phase, ${EMAILS} emails; MESSAGE_CONCURRENCY ${CONCURRENCY}`,
  );
  try {
    await applyMigrations(target);
    const prisma = await createPrisma(target);
    if (await isEmpty(prisma)) await seedDemo(prisma);
    await prisma.$disconnect();
    await db.connect();
    const env = { SMTP_URL: smtp.url, MESSAGE_CONCURRENCY: String(CONCURRENCY), LOG_LEVEL: 'warn', BCRYPT_COST: '4' };
    const start = async (apis: number, workers: number) =>
      startCluster({
        databaseUrl: url,
        apis,
        workers,
        port: 8790,
        apiBasePort: 8790,
        env,
        quiet: true,
        stateDir: `/tmp/levelup-load-${run}`,
      });

    for (const [apis, workers] of [
      [1, 1],
      [2, 2],
    ] as const) {
      cluster = await start(apis, workers);
      const f = await fixture(cluster.url, db);
      const result = await mix(cluster.url, f);
      report(`${apis} API + ${workers} worker${workers > 1 ? 's' : ''}`, result.samples, result.seconds, result.load);
      await checkWrites(db, result.writes, f);
      await cluster.stop();
      cluster = undefined;
    }

    // Phase 3, the emails across a kill. The yardstick is a batch drained under the same mix with nothing
    // killed; then a second batch under the mix, with one API process and one worker SIGKILLed once half
    // of that batch has been delivered (so the kill always lands mid-batch, whatever the machine's pace).
    cluster = await start(2, 2);
    const base = cluster.url;
    const batch = async (tag: string, during?: (began: number) => Promise<void>) => {
      const f = await fixture(base, db); // its own classes to confirm
      const began = performance.now();
      await queueEmails(target, f.organisationId, tag, EMAILS);
      const side = during && (() => during(began));
      const [result, emails] = await Promise.all([mix(base, f, side), drained(smtp, tag, EMAILS, began)]);
      return { result, emails, f };
    };
    const calm = await batch(`calm-${run}`);
    report(
      '2 API + 2 workers, draining emails (the yardstick)',
      calm.result.samples,
      calm.result.seconds,
      calm.result.load,
    );
    await checkWrites(db, calm.result.writes, calm.f);
    console.log(
      `  ${EMAILS} emails under the mix, nothing killed: the last after ${calm.emails.seconds.toFixed(1)} s (${calm.emails.unique} delivered, ${calm.emails.duplicates} twice)`,
    );
    const live = cluster;
    let killedAt = 0;
    const killTag = `kill-${run}`;
    const killed = await batch(killTag, async (began) => {
      await received(smtp, killTag, Math.ceil(EMAILS / 2));
      killedAt = (performance.now() - began) / 1000;
      live.members.find((m) => m.role === 'api')?.child.kill('SIGKILL');
      live.members.find((m) => m.role === 'worker')?.child.kill('SIGKILL');
    });
    report(
      '2 API + 2 workers, one of each SIGKILLed mid-batch',
      killed.result.samples,
      killed.result.seconds,
      killed.result.load,
    );
    await checkWrites(db, killed.result.writes, killed.f);
    console.log(
      `  ${EMAILS} emails, a worker killed at ${killedAt.toFixed(1)} s (half delivered): the last after ${killed.emails.seconds.toFixed(1)} s = ${(killed.emails.seconds / calm.emails.seconds).toFixed(2)}x the yardstick (target <= 2x); ${killed.emails.unique} delivered, ${killed.emails.duplicates} twice (allowed <= ${CONCURRENCY})`,
    );
  } finally {
    await cluster?.stop().catch(() => undefined);
    await db.end().catch(() => undefined);
    await smtp.close();
    await withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

/**
 * `npm run bench -- loadPglite` (issue 24, item 8): how many people the embedded database serves. One
 * compiled server on a PGlite folder with the demo centre, the same mix with 5, 10, 20 and 40 users for
 * LOAD_SECONDS each (default 30): p50/p99 and req/s per step; the capacity is the most users with p99 < 1 s.
 */
export async function benchLoadPglite(): Promise<void> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { spawn } = await import('node:child_process');
  const path = await import('node:path');
  const { ensureServerBuilt, serverOut } = await import('../../scripts/build-server.mts');
  await ensureServerBuilt();
  const folder = mkdtempSync(path.join(tmpdir(), 'levelup-pglite-load-'));
  const port = 8795;
  const child = spawn(process.execPath, [path.join(serverOut, 'index.mjs')], {
    env: {
      ...process.env,
      DATABASE_URL: `pglite:${folder}/pglite`,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      BCRYPT_COST: '4',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error('the server exited');
      if (i > 3000) throw new Error('the server was not ready');
      const ok = await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // The fixture's SQL through a PGlite of our own is impossible (one owner per folder): read via the API.
    const operator = await signIn(base, 'operator');
    const teacher = await signIn(base, 'teacher');
    const get = async (p: string) =>
      (await fetch(`${base}${p}`, { headers: { Authorization: `Bearer ${operator}` } })).json();
    const students = (await get('/api/students?current=1&pageSize=100')) as { data: { id: number }[] };
    const teachers = (await get('/api/teachers/options')) as { id: number }[];
    const courses = (await get('/api/courses/options')) as { id: number }[];
    const f: Fixture = {
      operator,
      teacher,
      studentIds: students.data.map((s) => s.id),
      teacherIds: teachers.map((t) => t.id),
      courseId: courses[0].id,
      organisationId: 0,
      toConfirm: [],
    };
    console.log(`PGlite, one process, the demo centre; ${SECONDS} s per step, no think time`);
    let capacity = 0;
    for (const users of [5, 10, 20, 40]) {
      const result = await mix(base, f, undefined, users, SECONDS);
      const ms = result.samples.map((x) => x.ms).sort((a, b) => a - b);
      const errors = result.samples.filter((x) => x.status === 0 || x.status >= 500).length;
      const p99 = quantile(ms, 0.99);
      if (p99 < 1000 && errors === 0) capacity = users;
      console.log(
        `  ${String(users).padStart(3)} users: ${(result.samples.length / result.seconds).toFixed(1).padStart(6)} req/s, p50 ${quantile(ms, 0.5).toFixed(0).padStart(5)} ms, p99 ${p99.toFixed(0).padStart(5)} ms, errors ${errors}; load ${loadavg()[0].toFixed(2)}`,
      );
    }
    console.log(`  capacity with p99 < 1 s: ${capacity || 'fewer than 5'} users`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    rmSync(folder, { recursive: true, force: true });
  }
}
