// Lighthouse for the PWA bench: the `lighthouse` package (11.7.1, the last major with the PWA category;
// 12 removed it) drives Debian's Chromium through chrome-launcher, never a downloaded browser. Each run
// gets a fresh Chrome profile. Lighthouse's defaults otherwise: mobile form factor, simulated throttling.
// A signed-in page gets the token in local storage first (src/utils/session.ts), set from /api/health so
// that no page of the app (and so no service worker) has loaded before Lighthouse does.
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

export async function runLighthouse(url: string, token?: string): Promise<LighthouseRun> {
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
        onlyCategories: ['performance', 'pwa'],
        // The token set above stays; the profile is new anyway.
        disableStorageReset: true,
      },
      undefined,
      page,
    );
    await browser.disconnect();
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
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
    };
  } finally {
    chrome.kill();
  }
}
