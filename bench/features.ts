// The budgets of the features that came after the first benchmark (issue 35's "new features"): search,
// the admin analytics, a 100 MB upload's memory, and image pages that load thumbnails only. Each has its
// own script too (bench:search, bench:analytics, bench:upload); this part puts their figures in the report.
import { ANALYTICS_BUDGET_MS, type AnalyticsLatency, measureAnalytics } from './lib/analytics-latency.ts';
import type { Size } from './lib/databases.ts';
import { type ImagePageResult, measureImagePages } from './lib/image-pages.ts';
import { measureSearch, type SearchScenarioResult } from './lib/search-latency.ts';
import type { BenchOptions, BenchSection, Budget } from './lib/section.ts';
import { round } from './lib/stats.ts';
import { MB, measureUploadMemory, UPLOAD_BUDGET, type UploadMemoryResult } from './lib/upload-memory.ts';

const SEARCH_BUDGET_MS = 50;
const UPLOAD_BYTES = 100 * MB;
const IMAGE_PORT = 3311;

interface FeaturesData {
  size: Size;
  search: SearchScenarioResult[];
  analytics: AnalyticsLatency;
  uploads: UploadMemoryResult[];
  images: ImagePageResult[];
}

const ms = (value: number) => `${round(value)} ms`;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

function featureBudgets(data: FeaturesData): Budget[] {
  const slowestSearch = data.search.reduce((worst, s) => (s.p99 > worst.p99 ? s : worst));
  const slowestRange = data.analytics.ranges.reduce((worst, r) => (r.p99 > worst.p99 ? r : worst));
  const at = data.size === 'full' ? 'full size' : '1/100 size (quick)';
  return [
    {
      name: `search: p99 < ${SEARCH_BUDGET_MS} ms for every query kind, ${at}`,
      value: `worst ${ms(slowestSearch.p99)} (${slowestSearch.name})`,
      pass: data.search.every((s) => s.p99 < SEARCH_BUDGET_MS),
    },
    {
      name: `analytics: p99 < ${ANALYTICS_BUDGET_MS} ms for every range, ${at}`,
      value: `worst ${ms(slowestRange.p99)} (${slowestRange.range})`,
      pass: data.analytics.ranges.every((r) => r.p99 < ANALYTICS_BUDGET_MS),
    },
    ...data.uploads.map((upload) => {
      const growth = upload.peak - upload.idle;
      return {
        name: `a 100 MB upload (${upload.storage}): under ${mb(UPLOAD_BUDGET)} of server memory`,
        value: `+${mb(growth)}`,
        pass: growth < UPLOAD_BUDGET,
      };
    }),
    ...data.images.map((page) => ({
      name: `image pages load thumbnails only: the feed, ${page.viewport}`,
      value: [...page.failed, ...page.oversized].length
        ? [...page.failed, ...page.oversized].slice(0, 3).join('; ')
        : `${page.shown} images, none wider than needed, ${kB(page.totalBytes)}`,
      pass: page.oversized.length === 0 && page.failed.length === 0 && page.shown > 0,
    })),
  ];
}

function featureMarkdown(data: FeaturesData): string {
  const lines = [
    `Search and analytics through the app's own services on the ${data.size} benchmark database, one request at a time after a warm-up (\`npm run bench:search\`, \`npm run bench:analytics\` print more).`,
    '',
    '| Search | p50 | p99 | max | rows |',
    '|---|---|---|---|---|',
    ...data.search.map((s) => `| ${s.name} | ${round(s.p50)} | ${round(s.p99)} | ${round(s.max)} | ${s.rows} |`),
    '',
    `Analytics: the job computed ${data.analytics.days} days in ${round(data.analytics.jobMs / 1000)} s; today's recomputation (every 5 minutes) p50 ${ms(data.analytics.todayP50)}.`,
    '',
    '| Analytics range | p50 | p99 | max |',
    '|---|---|---|---|',
    ...data.analytics.ranges.map((r) => `| ${r.range} | ${round(r.p50)} | ${round(r.p99)} | ${round(r.max)} |`),
    '',
    'Uploads: a 100 MB lesson file to the built server, its memory (RSS) sampled every 10 ms (`npm run bench:upload`).',
    '',
    '| Store | idle | peak | growth | seconds |',
    '|---|---|---|---|---|',
    ...data.uploads.map(
      (u) => `| ${u.storage} | ${mb(u.idle)} | ${mb(u.peak)} | ${mb(u.peak - u.idle)} | ${u.seconds.toFixed(1)} |`,
    ),
    '',
    'Image pages: a feed of eight posts with one to four 4000×3000 photos each, scrolled through in Chromium; every image downloaded is checked against the stored width its shown size needs at the device density.',
    '',
    '| Viewport | images shown | widths loaded | image bytes | wider than needed |',
    '|---|---|---|---|---|',
    ...data.images.map(
      (page) =>
        `| ${page.viewport} | ${page.shown} | ${[...new Set(page.loads.map((load) => load.width ?? 'original'))].join(', ')} | ${kB(page.totalBytes)} | ${page.oversized.length} |`,
    ),
  ];
  return lines.join('\n');
}

export async function benchFeatures(options: BenchOptions): Promise<BenchSection> {
  const { log } = options;
  const size: Size = options.quick || !options.sizes.includes('full') ? 'small' : 'full';
  log(`\n== features: search (${size})`);
  const { scenarios: search } = await measureSearch(size, options.quick ? 30 : 200);
  for (const s of search) log(`${s.name.padEnd(40)} p50 ${ms(s.p50)}  p99 ${ms(s.p99)}`);
  log(`\n== features: analytics (${size})`);
  const analytics = await measureAnalytics(size, options.quick ? 20 : 200);
  for (const r of analytics.ranges) log(`${r.range.padEnd(8)} p50 ${ms(r.p50)}  p99 ${ms(r.p99)}`);
  log('\n== features: a 100 MB upload');
  const uploads: UploadMemoryResult[] = [];
  for (const storage of ['disk', 's3'] as const) {
    const upload = await measureUploadMemory(storage, UPLOAD_BYTES);
    uploads.push(upload);
    log(`${storage}: +${mb(upload.peak - upload.idle)} over ${mb(upload.idle)} idle, ${upload.seconds.toFixed(1)} s`);
  }
  log('\n== features: image pages');
  const images = await measureImagePages(IMAGE_PORT);
  for (const page of images) {
    log(`${page.viewport}: ${page.shown} images, ${kB(page.totalBytes)}, ${page.oversized.length} wider than needed`);
    for (const line of [...page.failed, ...page.oversized]) log(`  ${line}`);
  }
  const data: FeaturesData = { size, search, analytics, uploads, images };
  return {
    key: 'features',
    title: 'Search, analytics, uploads and image pages',
    budgets: featureBudgets(data),
    markdown: featureMarkdown(data),
    data,
  };
}
