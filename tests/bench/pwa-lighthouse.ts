// Lighthouse for the PWA bench: the `lighthouse` package (11.7.1, the last major with the PWA category;
// 12 removed it) drives Debian's Chromium through chrome-launcher, never a downloaded browser. Each run
// gets a fresh Chrome profile. Lighthouse's defaults otherwise: mobile form factor, simulated throttling.
// A signed-in page gets the token in local storage first (src/utils/session.ts), set from /api/health so
// that no page of the app (and so no service worker) has loaded before Lighthouse does.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TOKEN_KEY } from '../../src/utils/session';

export interface LighthouseRun {
  performance: number;
  pwa: number;
  /** Lighthouse's metrics behind the performance score (simulated): FCP, LCP, TBT, SI in ms; CLS. */
  metrics: Record<Metric, number>;
  installable: boolean;
  /** PWA audits that did not pass: id (and the reason, when Lighthouse gives one). */
  pwaFailures: string[];
  warnings: string[];
  /** What the performance score is made of beyond its metrics (tests/bench/first-load.ts prints it). */
  diagnostics: Diagnostics;
  /** Lighthouse's measure of this machine's CPU (its own micro-benchmark, run before the page loads). */
  benchmarkIndex: number;
  /** The CPU slowdown the simulation applied. */
  cpuSlowdownMultiplier: number;
}

/**
 * The CPU slowdown that makes this machine emulate Lighthouse's reference phone, from its benchmark
 * index. Lighthouse's default of 4 assumes a host with an index of about 1,533; its published throttling
 * calculator (lighthouse-cpu-throttling-calculator, linked from Lighthouse's throttling docs) maps an
 * index linearly onto the multiplier: 150 → 1, 800 → 2, 1,300 → 3, then one more per 233. Undefined
 * below 150, where Lighthouse says the host is too slow to emulate the phone at all.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number | undefined {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return undefined;
  if (benchmarkIndex < 800) return 1 + (benchmarkIndex - 150) / 650;
  if (benchmarkIndex < 1300) return 2 + (benchmarkIndex - 800) / 500;
  return 3 + (benchmarkIndex - 1300) / 233;
}

export interface Diagnostics {
  /** Bytes transferred (compressed), all and scripts only. */
  totalBytes: number;
  scriptBytes: number;
  requests: number;
  /** Main-thread time and script evaluation time, simulated (this machine's times 4, Lighthouse's CPU slowdown). */
  mainThreadMs: number;
  bootupMs: number;
  /** The largest contentful paint's element, and its phases (TTFB, load delay, load time, render delay) in ms. */
  lcpElement: string;
  lcpPhases: string;
  /** Audits of the performance category that did not pass, with Lighthouse's estimated savings. */
  opportunities: string[];
}

const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  SI: 'speed-index',
  CLS: 'cumulative-layout-shift',
} as const;
export type Metric = keyof typeof METRICS;

const CHROME_FLAGS = ['--headless=new', '--no-sandbox'];

/** `categories`: Lighthouse's categories to run (the PWA bench both, the first-load bench performance only). */
export async function runLighthouse(
  url: string,
  token?: string,
  categories: string[] = ['performance', 'pwa'],
  /** Lighthouse's mobile throttling with this CPU slowdown instead of its default 4. */
  cpuSlowdownMultiplier?: number,
): Promise<LighthouseRun> {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const puppeteer = await import('puppeteer-core');
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = await browser.newPage();
    if (token) {
      await page.goto(new URL('/api/health', url).toString());
      await page.evaluate((key, value) => globalThis.localStorage.setItem(key, value), TOKEN_KEY, token);
    }
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        output: 'json',
        onlyCategories: categories,
        // The token set above stays; the profile is new anyway.
        disableStorageReset: true,
        // Merged into the mobile preset (150 ms RTT, 1.6 Mbps stay as they are).
        ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
      },
      undefined,
      page,
    );
    await browser.disconnect();
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    // LIGHTHOUSE_REPORTS=<dir>: each run's full report (JSON; Lighthouse's viewer opens it) for a closer look.
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-${Date.now()}.json`;
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // A page that sent the browser elsewhere (the sign-in page, for want of a token) was not measured.
    const ended = new URL(lhr.finalDisplayedUrl).pathname;
    if (ended !== new URL(url).pathname) throw new Error(`Lighthouse: ${url} ended on ${ended}`);
    const pwa = lhr.categories.pwa;
    const pwaFailures = (pwa?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== 1)
      .map((ref) => {
        const audit = lhr.audits[ref.id];
        const reasons = (audit?.details as { items?: { reason?: string }[] } | undefined)?.items
          ?.map((item) => item.reason)
          .filter(Boolean);
        return reasons?.length ? `${ref.id} (${reasons.join('; ')})` : ref.id;
      });
    return {
      performance: (lhr.categories.performance?.score ?? 0) * 100,
      pwa: (pwa?.score ?? 0) * 100,
      metrics: Object.fromEntries(
        Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? 0]),
      ) as Record<Metric, number>,
      installable: lhr.audits['installable-manifest']?.score === 1,
      pwaFailures,
      warnings: lhr.runWarnings,
      diagnostics: diagnostics(lhr),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      cpuSlowdownMultiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4,
    };
  } finally {
    chrome.kill();
  }
}

type Result = import('lighthouse').Result;
type Table = { items?: Record<string, unknown>[] };

function diagnostics(lhr: Result): Diagnostics {
  const audit = (id: string) => lhr.audits[id];
  const summary = (audit('resource-summary')?.details as Table | undefined)?.items ?? [];
  const ofType = (type: string) => summary.find((item) => item.resourceType === type);
  // The LCP audit's details: a list of two tables, the element and the phases.
  const lcp = (audit('largest-contentful-paint-element')?.details as { items?: Table[] } | undefined)?.items ?? [];
  const node = lcp[0]?.items?.[0]?.node as { snippet?: string } | undefined;
  const phases = (lcp[1]?.items ?? []).map((p) => `${p.phase} ${Math.round(Number(p.timing))}`).join(', ');
  // The metrics have a weight, or belong to the metrics group (TTI, FMP, max FID: shown elsewhere).
  const opportunities = (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.weight === 0 && ref.group !== 'metrics' && ref.group !== 'hidden')
    .map((ref) => audit(ref.id))
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return {
    totalBytes: audit('total-byte-weight')?.numericValue ?? 0,
    scriptBytes: Number(ofType('script')?.transferSize ?? 0),
    requests: Number(ofType('total')?.requestCount ?? 0),
    mainThreadMs: audit('mainthread-work-breakdown')?.numericValue ?? 0,
    bootupMs: audit('bootup-time')?.numericValue ?? 0,
    lcpElement: (node?.snippet ?? '').slice(0, 100),
    lcpPhases: phases,
    opportunities,
  };
}
