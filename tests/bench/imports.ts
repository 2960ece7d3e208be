// Imports that once held the server (issue 6, section 3): /api/health latency while big files are
// imported, as a ratio to /api/health with no import; peak RSS of three 1.1M-row imports at once; and
// 1,000 teachers imported for real (target: under 10 s). Printed, never asserted.

import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { XLSX_TYPE } from '../../server/http/spreadsheet';
import { teacherImportHeaders } from '../../src/contracts/teachers';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

const STUDENT_HEADER = 'Student ID,First Name,Last Name';

/** `rows` tiny rows in an .xlsx, written as a stream (the file: 1.1 M rows, about 9 MB). */
async function workbookOf(rows: number): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream });
  const sheet = workbook.addWorksheet('Students');
  sheet.addRow(STUDENT_HEADER.split(',')).commit();
  for (let i = 1; i <= rows; i++) sheet.addRow([i, 'A', 'B']).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

async function healthWhile(ctx: TestContext, work: () => Promise<unknown>) {
  const latencies: number[] = [];
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  let running = true;
  const started = performance.now();
  const done = work().finally(() => {
    running = false;
  });
  while (running) {
    const t = performance.now();
    await request(ctx.app).get('/api/health');
    latencies.push(performance.now() - t);
  }
  await done;
  clearInterval(sampler);
  return { latencies, ms: performance.now() - started, peakRss };
}

export async function benchImports(): Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  process.env.BCRYPT_COST ??= '4';
  const ctx = await createTestContext();
  try {
    const { tokens } = await createCentreWithStaff(ctx);
    const upload = (path: string, body: Buffer | string, type: string, dryRun = true) =>
      request(ctx.app)
        .post(path)
        .query({ dryRun: String(dryRun) })
        .set('Authorization', `Bearer ${tokens.admin}`)
        .set('Content-Type', type)
        .send(body);
    const idle: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await request(ctx.app).get('/api/health');
      if (i >= 20) idle.push(performance.now() - t);
    }
    const base = percentile(idle, 50);
    console.log(`GET /api/health, no import: p50 ${base.toFixed(2)} ms, p99 ${percentile(idle, 99).toFixed(2)} ms`);
    const files: [string, Buffer, string][] = [
      ['1.1M-row .xlsx', await workbookOf(1_100_000), XLSX_TYPE],
      ['100k-row .xlsx', await workbookOf(100_000), XLSX_TYPE],
      ['1.1M-row .csv', Buffer.from(`${STUDENT_HEADER}\n${'1\n'.repeat(1_100_000)}`), 'text/csv'],
    ];
    const rssBefore = process.memoryUsage().rss;
    for (const [label, file, type] of files) {
      let reply = '';
      const run = await healthWhile(ctx, async () => {
        const res = await upload('/api/students/import', file, type);
        reply = `${res.status} ${res.body.fieldErrors?.[0]?.message ?? res.body.message ?? ''}`;
      });
      console.log(
        `${label.padEnd(16)} ${(file.length / 1048576).toFixed(1).padStart(5)} MB: answered in ${run.ms.toFixed(0)} ms (${reply}); ` +
          `health during it: ${run.latencies.length} calls, p50 ${percentile(run.latencies, 50).toFixed(2)} ms ` +
          `(ratio ${(percentile(run.latencies, 50) / base).toFixed(2)}), max ${Math.max(...run.latencies).toFixed(1)} ms`,
      );
    }
    // The largest accepted workbook, three at once (the 1.1M-row one is refused by the upload cap).
    const [, big, type] = files[1];
    const three = await healthWhile(ctx, () =>
      Promise.all([1, 2, 3].map(() => upload('/api/students/import', big, type))),
    );
    console.log(
      `three 100k-row .xlsx at once: ${three.ms.toFixed(0)} ms, peak RSS ${(three.peakRss / 1048576).toFixed(0)} MB ` +
        `(${(rssBefore / 1048576).toFixed(0)} MB before), health p50 ratio ${(percentile(three.latencies, 50) / base).toFixed(2)}`,
    );
    const teachers = [
      teacherImportHeaders.join(','),
      ...Array.from({ length: 1000 }, (_, i) => `bench.t${i},bench.t${i}@example.test,Tea,Cher${i},,,,40,,,,`),
    ].join('\n');
    const started = performance.now();
    const res = await upload('/api/teachers/import', teachers, 'text/csv', false);
    console.log(
      `1,000 teachers imported: ${((performance.now() - started) / 1000).toFixed(2)} s (target < 10 s): ${res.body.message}`,
    );
  } finally {
    await ctx.close();
  }
}

if (process.argv[1]?.endsWith('imports.ts')) {
  benchImports().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
