// The browser part of `npm run bench`: what the first load of each page downloads, and Lighthouse on each
// page in the light and the dark theme (issue 35).
import { LIGHTHOUSE_RUNS, type LighthousePage, measurePageWeights, runLighthouse, type Theme } from './lib/browser.ts';
import { databaseUrl, type Size } from './lib/databases.ts';
import { startServer } from './lib/server-process.ts';
import { createSessions } from './lib/sessions.ts';
import type { BenchResults } from './run.ts';

/** The pages whose first load is weighed: each has a budget (report.ts). */
const WEIGHED_PAGES = ['/', '/dashboard', '/community'];
/** The pages Lighthouse scores; all but the landing page signed in as a member. */
const SCORED_PAGES = ['/', '/dashboard', '/community', '/course/1', '/rituals'];
const THEMES: Theme[] = ['light', 'dark'];

export async function benchBrowser(
  size: Size,
  port: number,
  log: (line: string) => void,
): Promise<Pick<BenchResults, 'pages' | 'lighthouse'>> {
  // run.ts gives this part no options; --quick keeps it near a minute: one run per page, the light theme only.
  const quick = process.argv.includes('--quick');
  const url = databaseUrl(size);
  const [, member] = await createSessions(url, 2);
  log('\n== browser');
  const server = await startServer(url, port);
  try {
    const pages = await measurePageWeights(server.url, WEIGHED_PAGES, member ?? '');
    for (const page of pages) {
      log(
        `${page.page.padEnd(12)} JS ${(page.jsGzipBytes / 1024).toFixed(1)} kB gzip, CSS ${(page.cssGzipBytes / 1024).toFixed(1)} kB gzip`,
      );
    }
    const themes = quick ? THEMES.slice(0, 1) : THEMES;
    const scored: LighthousePage[] = themes.flatMap((theme) =>
      SCORED_PAGES.map((page) => ({ page, theme, cookie: page === '/' ? undefined : member })),
    );
    const lighthouse = await runLighthouse(server.url, scored, quick ? 1 : LIGHTHOUSE_RUNS);
    for (const scores of lighthouse) {
      log(
        `${`${scores.page} ${scores.theme}`.padEnd(18)} Lighthouse performance ${scores.performance} (runs ${scores.runs?.join(', ')}), accessibility ${scores.accessibility}, best practices ${scores.bestPractices}`,
      );
    }
    return { pages, lighthouse };
  } finally {
    await server.stop();
  }
}
