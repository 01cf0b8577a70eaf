import { gzipSync } from 'node:zlib';
import { TIME_ZONE_COOKIE } from '@lunara/shared/page-boot';
import { THEME_COOKIE } from '@lunara/shared/theme';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/chromium.ts';

const CHROMIUM = findChromium() ?? '/usr/bin/chromium';
const FLAGS = CHROMIUM_ARGS;

export interface PageWeight {
  page: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
}

/** JavaScript and CSS a first visit downloads (each file gzipped as a server would send it). */
export async function measurePageWeights(baseUrl: string, pages: string[], cookie: string): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const results: PageWeight[] = [];
  try {
    for (const page of pages) {
      const context = await browser.newContext();
      const [name, value] = cookie.split('=');
      if (page !== '/') await context.addCookies([{ name: name ?? '', value: value ?? '', url: baseUrl }]);
      const tab = await context.newPage();
      const weight: PageWeight = { page, jsGzipBytes: 0, cssGzipBytes: 0 };
      const pending: Array<Promise<void>> = [];
      tab.on('response', (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        pending.push(
          response.body().then((body) => {
            const size = gzipSync(body).length;
            if (type === 'script') weight.jsGzipBytes += size;
            else weight.cssGzipBytes += size;
          }),
        );
      });
      await tab.goto(`${baseUrl}${page}`, { waitUntil: 'networkidle' });
      await Promise.all(pending);
      results.push(weight);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

export type Theme = 'light' | 'dark';

export interface LighthouseScores {
  page: string;
  /** The theme the page was drawn in (the theme cookie); absent in results from before issue 35. */
  theme?: Theme;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** First and largest contentful paint, total blocking time (ms), as Lighthouse simulated them. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** The performance score of every run, the reported (median) one among them. */
  runs?: number[];
  /** The host's speed as Lighthouse measured it, and the CPU slowdown it was given for that speed. */
  benchmarkIndex?: number;
  cpuSlowdown?: number;
}

/**
 * Lighthouse's default 4x CPU slowdown turns a typical high-end desktop (benchmarkIndex 1500-2000) into
 * a mid-tier phone; on a slower host it emulates a slower phone than that, so the same pages score
 * lower from one machine to the next. Its throttling guide ("Calibrating the CPU slowdown") says to
 * lower the multiplier on a weaker machine: this one aims at the same phone whatever the host (an
 * index of 1750 / 4), never above the default and never below 1.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  const multiplier = benchmarkIndex / (1750 / 4);
  return Math.min(4, Math.max(1, Math.round(multiplier * 10) / 10));
}

/** Runs per page: Lighthouse's variability guide picks the median of five. */
export const LIGHTHOUSE_RUNS = 5;

export interface LighthousePage {
  page: string;
  /** A session cookie (`name=value`) to run signed in. */
  cookie?: string | undefined;
  theme: Theme;
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * Puts the session and theme (`name=value` each; none for a visitor) into the browser's own cookie jar,
 * in place of the previous page's, keeping the time zone the app wrote there itself (`lunara-tz`), as
 * a returning member's browser has it. Lighthouse's
 * `extraHeaders: { Cookie }` was used before: that header replaces every cookie of every request, so the
 * cookies the app writes never reached the server, and the event stream went without the session.
 */
async function putCookies(port: number, baseUrl: string, cookies: Array<string | undefined>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const jar = browser.contexts()[0];
    if (!jar) throw new Error('Lighthouse: the browser has no default context');
    const pairs = cookies.flatMap((cookie) => {
      const at = cookie?.indexOf('=') ?? -1;
      return cookie && at > 0 ? [{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: baseUrl }] : [];
    });
    const kept = (await jar.cookies()).filter((kept) => kept.name === TIME_ZONE_COOKIE);
    await jar.clearCookies();
    await jar.addCookies([...kept, ...pairs]);
  } finally {
    // Disconnects only: the browser is Lighthouse's.
    await browser.close();
  }
}

/**
 * Lighthouse's default (mobile, simulated throttling, the CPU slowdown calibrated) runs of each page, signed in where a cookie is
 * given; the run reported is the median one (Lighthouse's own `computeMedianRun`: the run nearest the
 * median first paint and time to interactive), and every run's performance score is kept beside it.
 */
export async function runLighthouse(baseUrl: string, pages: LighthousePage[], runsPerPage = LIGHTHOUSE_RUNS) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const results: LighthouseScores[] = [];
  try {
    // One unscored run first: it warms the server and the browser, and measures the host. As the first
    // page, signed in where it is: the app writes what it keeps in cookies (her time zone), as it would
    // have on her earlier visits.
    await putCookies(chrome.port, baseUrl, [pages[0]?.cookie, `${THEME_COOKIE}=${pages[0]?.theme ?? 'light'}`]);
    const calibration = await lighthouse(`${baseUrl}${pages[0]?.page ?? '/'}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const benchmarkIndex = Math.round(calibration?.lhr.environment.benchmarkIndex ?? 0);
    const cpuSlowdown = benchmarkIndex > 0 ? cpuSlowdownFor(benchmarkIndex) : 4;
    for (const { page, cookie, theme } of pages) {
      // The theme is a cookie the server reads to draw the page in it (THEME_COOKIE), as a returning visitor's.
      await putCookies(chrome.port, baseUrl, [cookie, `${THEME_COOKIE}=${theme}`]);
      const runs: LighthouseResult[] = [];
      // Now and then a run comes back without a performance score (its trace failed: the categories
      // read null, the metrics 0); that is the harness failing, not the page: it does not count.
      for (let attempt = 1; runs.length < runsPerPage && attempt <= runsPerPage + 3; attempt++) {
        const result = await lighthouse(`${baseUrl}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          throttling: { cpuSlowdownMultiplier: cpuSlowdown },
        });
        if (result?.lhr.categories.performance?.score != null) runs.push(result.lhr);
        else
          process.stderr.write(
            `Lighthouse ${page} (${theme}): no performance score (${result?.lhr.runtimeError?.code}), again\n`,
          );
      }
      if (runs.length === 0) throw new Error(`Lighthouse ${page} (${theme}): no run produced a score`);
      const lhr = computeMedianRun(runs);
      const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
      const score = (result: LighthouseResult, key: string) => Math.round((result.categories[key]?.score ?? 0) * 100);
      results.push({
        page,
        theme,
        performance: score(lhr, 'performance'),
        accessibility: score(lhr, 'accessibility'),
        bestPractices: score(lhr, 'best-practices'),
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        runs: runs.map((run) => score(run, 'performance')),
        benchmarkIndex,
        cpuSlowdown,
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
