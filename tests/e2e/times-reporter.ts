// A Playwright reporter that keeps, per spec file and project, the time its tests took (every attempt)
// and the tests that needed their retry, in TEST_TIMES_DIR/e2e.json (test-results/ by default), for
// scripts/test-times.ts to print at the end of `npm test` (issue 38: where CI's time goes).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export interface E2eTimes {
  /** ms per "project file" (e.g. "pglite tests/e2e/a11y.spec.ts"), every attempt counted. */
  files: Record<string, number>;
  tests: number;
  /** Tests that passed only on a retry, or failed. */
  retried: string[];
  failed: string[];
  wallMs: number;
}

export default class TimesReporter implements Reporter {
  private readonly times: E2eTimes = { files: {}, tests: 0, retried: [], failed: [], wallMs: 0 };
  private readonly started = Date.now();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = path.relative(process.cwd(), test.location.file);
    const project = test.parent.project()?.name ?? '';
    const key = `${project} ${file}`;
    this.times.files[key] = (this.times.files[key] ?? 0) + result.duration;
    const name = `[${project}] ${file}:${test.location.line} ${test.title}`;
    if (result.retry === 0) this.times.tests += 1;
    if (result.retry > 0 && result.status === 'passed') this.times.retried.push(name);
    if (result.retry === test.retries && result.status !== 'passed' && result.status !== 'skipped') {
      this.times.failed.push(name);
    }
  }

  onEnd(_result: FullResult): void {
    this.times.wallMs = Date.now() - this.started;
    const dir = process.env.TEST_TIMES_DIR ?? 'test-results';
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'e2e.json'), JSON.stringify(this.times, null, 2));
  }
}
