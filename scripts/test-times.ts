// Prints where `npm test`'s time went (issue 38): each stage's seconds, the 15 slowest browser spec files
// and API test files, the test counts, the assertions written in the tests, and any test that needed
// its retry. Reads what scripts/test-all.sh left in its times folder (argument 1).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { E2eTimes } from '../tests/e2e/times-reporter';

const dir = process.argv[2] ?? 'test-results';
const read = <T>(name: string): T | undefined =>
  existsSync(path.join(dir, name)) ? (JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as T) : undefined;
const seconds = (ms: number) => `${(ms / 1000).toFixed(0).padStart(5)} s`;

function slowest(title: string, entries: [string, number][]) {
  console.log(`\n${title}`);
  for (const [name, ms] of entries.sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${seconds(ms)}  ${name}`);
}

/** `expect(` and its variants (expect.soft, expect.poll) written in the test files: the assertions. */
function assertionsWritten(): number {
  let count = 0;
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name);
      if (name === 'node_modules' || name.startsWith('.')) continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(test|spec)\.tsx?$/.test(name))
        count += readFileSync(full, 'utf8').match(/\bexpect(\.\w+)?\(/g)?.length ?? 0;
    }
  };
  for (const root of ['tests', 'src', 'server', 'prisma', 'deploy']) if (existsSync(root)) walk(root);
  return count;
}

const stages = existsSync(path.join(dir, 'stages')) ? readFileSync(path.join(dir, 'stages'), 'utf8').trimEnd() : '';
console.log('\n== Where the time went');
if (stages) console.log(stages);

interface VitestJson {
  numTotalTests: number;
  numPassedTests: number;
  testResults: { name: string; startTime: number; endTime: number }[];
}
const api = read<VitestJson>('api.json');
if (api) {
  const byFile = new Map<string, number>();
  for (const r of api.testResults) {
    const name = path.relative(process.cwd(), r.name);
    byFile.set(name, (byFile.get(name) ?? 0) + (r.endTime - r.startTime));
  }
  slowest('15 slowest API test files (both databases together)', [...byFile]);
}
const e2e = read<E2eTimes>('e2e.json');
if (e2e) slowest('15 slowest browser spec files (per database project)', Object.entries(e2e.files));

console.log('\n== Counts');
if (api) console.log(`API tests: ${api.numTotalTests} (passed ${api.numPassedTests})`);
if (e2e) console.log(`browser tests: ${e2e.tests}`);
console.log(`assertions written in the test files: ${assertionsWritten()}`);
if (e2e) {
  console.log(`browser tests that needed their retry: ${e2e.retried.length}`);
  for (const name of e2e.retried) console.log(`  ${name}`);
}
