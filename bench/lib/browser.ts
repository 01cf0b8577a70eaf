import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
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

export interface LighthouseScores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** First and largest contentful paint, total blocking time (ms), as Lighthouse simulated them. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

/** Lighthouse's default (mobile, simulated throttling) run of each page, signed in where a cookie is given. */
export async function runLighthouse(baseUrl: string, pages: Array<{ page: string; cookie?: string }>) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const results: LighthouseScores[] = [];
  try {
    for (const { page, cookie } of pages) {
      // Now and then a run comes back without a performance score (its trace failed: the categories
      // read null, the metrics 0); that is the harness failing, not the page, so it is run again.
      let result: Awaited<ReturnType<typeof lighthouse>>;
      for (let attempt = 1; ; attempt++) {
        result = await lighthouse(`${baseUrl}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          extraHeaders: cookie ? { Cookie: cookie } : undefined,
        });
        const scored = result?.lhr.categories.performance?.score != null;
        if (scored || attempt === 3) break;
        process.stderr.write(
          `Lighthouse ${page}: no performance score (${result?.lhr.runtimeError?.code ?? 'no error'}), again\n`,
        );
      }
      const categories = result?.lhr.categories;
      const metric = (id: string) => Math.round(result?.lhr.audits[id]?.numericValue ?? 0);
      const score = (key: string) => Math.round((categories?.[key]?.score ?? 0) * 100);
      results.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
