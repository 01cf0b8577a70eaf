import type { BenchResults, EndpointResult } from '../run.ts';
import type { Budget } from './section.ts';
import { round } from './stats.ts';

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
/** The first-load JavaScript budgets (issues 13 and 35), in kB of gzip. */
const PAGE_JS_BUDGETS_KB: Array<[string, number]> = [
  ['/', 120],
  ['/community', 150],
];

function growth(endpoint: EndpointResult): number | undefined {
  const full = endpoint.api.full?.[50]?.p50;
  const small = endpoint.api.small?.[50]?.p50;
  return full !== undefined && small ? full / small : undefined;
}

/** How much CPU the host took from the kept runs (each run is repeated while it took over 5%). */
function stealNote(results: BenchResults): string[] {
  const runs = results.endpoints.flatMap((endpoint) =>
    [endpoint.api, endpoint.floor].flatMap((bySize) =>
      Object.values(bySize).flatMap((byConnections) => Object.values(byConnections ?? {})),
    ),
  );
  const steals = runs.map((run) => run.steal ?? 0);
  if (steals.length === 0) return [];
  const worst = Math.max(...steals);
  return [
    `Host steal (CPU the hypervisor gave to other guests) during the runs kept: at most ${(worst * 100).toFixed(1)}%; a run is repeated, up to three times, while it exceeds 5%.`,
    '',
  ];
}

const ms = (value: number) => `${(value / 1000).toFixed(1)} s`;
// Rounded down, so that 49.5% never reads as 50% beside a FAIL.
const percent = (ratio: number) => `${(Math.floor(ratio * 1000) / 10).toFixed(1)}%`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** The floor budget's figure: the median of the back-to-back pairs where there are some, else the single runs. */
function floorRatio(endpoint: EndpointResult, connections: number): { value: number; shown: string } | undefined {
  const pairs = endpoint.pairedRatios?.[connections];
  if (pairs && pairs.length > 0) {
    const value = median(pairs);
    return {
      value,
      shown: `${percent(value)} (median of ${pairs.length} back-to-back pairs: ${pairs.map(percent).join(', ')})`,
    };
  }
  const api = endpoint.api.full?.[connections]?.rps ?? endpoint.api.small?.[connections]?.rps;
  const floor = endpoint.floor.full?.[connections]?.rps ?? endpoint.floor.small?.[connections]?.rps;
  return api !== undefined && floor ? { value: api / floor, shown: percent(api / floor) } : undefined;
}

export function budgets(results: BenchResults): Budget[] {
  const list: Budget[] = [];
  for (const endpoint of results.endpoints) {
    const p99 = endpoint.api.full?.[50]?.p99;
    if (endpoint.list && p99 !== undefined) {
      list.push({ name: `${endpoint.name}: p99 at 50 connections < 50 ms`, value: `${round(p99)} ms`, pass: p99 < 50 });
    }
    const ratio = growth(endpoint);
    if (endpoint.list && ratio !== undefined) {
      list.push({
        name: `${endpoint.name}: growth (p50 full / 1%) ≤ 1.5`,
        value: `${round(ratio, 2)}`,
        pass: ratio <= 1.5,
      });
    }
    if (endpoint.plan && endpoint.list) {
      list.push({
        name: `${endpoint.name}: EXPLAIN shows no scan or sort over a large table`,
        value: endpoint.plan.problems.join('; ') || 'index scans only',
        pass: endpoint.plan.problems.length === 0,
      });
    }
    if (endpoint.floorBudget) {
      for (const connections of [50, 200]) {
        const ratio = floorRatio(endpoint, connections);
        if (ratio !== undefined) {
          list.push({
            name: `${endpoint.name}: API ≥ 50% of direct SQL at ${connections} connections`,
            value: ratio.shown,
            pass: ratio.value >= 0.5,
          });
        }
      }
    }
    if (endpoint.name === 'admin statistics' && p99 !== undefined) {
      list.push({ name: 'admin statistics: p99 < 100 ms at full size', value: `${round(p99)} ms`, pass: p99 < 100 });
    }
  }
  if (results.realtime) {
    const { connections, p99, delivered, sent } = results.realtime;
    list.push({
      name: 'real time: 2,000 connections, p99 delivery < 200 ms, every message delivered',
      value: `${connections} connections, p99 ${round(p99)} ms, ${delivered}/${sent} delivered`,
      pass: connections >= 2000 && p99 < 200 && delivered === sent && sent > 0,
    });
  }
  for (const [page, budgetKb] of PAGE_JS_BUDGETS_KB) {
    const weight = results.pages?.find((measured) => measured.page === page);
    if (!weight) continue;
    list.push({
      name: `first load of ${page}: ≤ ${budgetKb} kB gzip JavaScript`,
      value: kB(weight.jsGzipBytes),
      pass: weight.jsGzipBytes <= budgetKb * 1024,
    });
  }
  for (const scores of results.lighthouse ?? []) {
    const page = scores.theme ? `${scores.page} (${scores.theme})` : scores.page;
    list.push({
      name: `Lighthouse ${page}: performance ≥ 95 (median run)`,
      value: scores.runs ? `${scores.performance} (runs: ${scores.runs.join(', ')})` : String(scores.performance),
      pass: scores.performance >= 95,
    });
    list.push({
      name: `Lighthouse ${page}: accessibility 100`,
      value: String(scores.accessibility),
      pass: scores.accessibility === 100,
    });
  }
  for (const section of results.sections ?? []) list.push(...section.budgets);
  return list;
}

const cell = (value: number | undefined, digits = 1) => (value === undefined ? '–' : String(round(value, digits)));

export function renderReport(results: BenchResults): { summary: string; markdown: string } {
  const checks = budgets(results);
  const summary = checks.map((check) => `${check.pass ? 'PASS' : 'FAIL'}  ${check.name}: ${check.value}`).join('\n');
  const lines = [
    '# Benchmark results',
    '',
    `${results.startedAt} · ${results.machine} · ${results.durationSeconds} s per run after ${results.warmupSeconds ?? 2} s unmeasured · \`npm run bench\``,
    '',
    ...stealNote(results),
    '## Budgets',
    '',
    '| | Budget | Measured |',
    '|---|---|---|',
    ...checks.map((check) => `| ${check.pass ? 'PASS' : '**FAIL**'} | ${check.name} | ${check.value} |`),
    '',
    '## API under load (full size)',
    '',
    'req/s, p50 and p99 in ms, through HTTP with signed-in sessions; "server µs" is the CPU time the server process',
    '(all threads) spent per request, steadier than req/s on a shared machine; "SQL" is the same statements through',
    'the driver (marked *: the API answers from memory between changes; "SQL" is then what a request costs when nothing is kept: its own statements and the shared ones).',
    "Each row's API/SQL compares runs made minutes apart; the floor budget above is judged on runs made back to back.",
    '',
    '| Endpoint | conns | req/s | p50 | p99 | server µs | SQL req/s | API/SQL | p50 at 1% | growth |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const endpoint of results.endpoints) {
    for (const connections of [50, 200]) {
      const api = endpoint.api.full?.[connections];
      const floor = endpoint.floor.full?.[connections];
      const small = endpoint.api.small?.[connections];
      const ratio = api && floor ? percent(api.rps / floor.rps) : '–';
      const grown = api && small ? cell(api.p50 / small.p50, 2) : '–';
      lines.push(
        `| ${endpoint.name}${endpoint.fromMemory ? ' *' : ''} | ${connections} | ${cell(api?.rps, 0)} | ${cell(api?.p50)} | ${cell(api?.p99)} | ${cell(api?.serverMicros, 0)} | ${cell(floor?.rps, 0)} | ${ratio} | ${cell(small?.p50)} | ${grown} |`,
      );
    }
  }
  lines.push('', '## Query plans (full size)', '', '| Endpoint | statements | scans |', '|---|---|---|');
  for (const endpoint of results.endpoints) {
    if (endpoint.plan) lines.push(`| ${endpoint.name} | ${endpoint.statements} | ${endpoint.plan.scans.join(', ')} |`);
  }
  if (results.realtime) {
    const rt = results.realtime;
    lines.push(
      '',
      '## Real time',
      '',
      `${rt.connections} event streams on one process; ${rt.sent} messages sent through the API, ${rt.delivered} delivered: p50 ${cell(rt.p50)} ms, p99 ${cell(rt.p99)} ms. Server memory: ${kB(rt.bytesPerConnection)} per connection.`,
    );
  }
  if (results.pages) {
    lines.push('', '## Browser', '', '| Page | JS (gzip) | CSS (gzip) |', '|---|---|---|');
    for (const page of results.pages)
      lines.push(`| ${page.page} | ${kB(page.jsGzipBytes)} | ${kB(page.cssGzipBytes)} |`);
  }
  if (results.lighthouse) {
    lines.push(
      '',
      `Lighthouse: the median of five runs (one in \`--quick\`, the light theme only; its own \`computeMedianRun\`), mobile with simulated throttling${
        results.lighthouse[0]?.cpuSlowdown
          ? `, CPU slowdown ${results.lighthouse[0].cpuSlowdown}x for this host's benchmarkIndex of ${results.lighthouse[0].benchmarkIndex} (4x from a 1,750 desktop: the same emulated phone on any host; \`lib/browser.ts\`)`
          : ''
      }.`,
      '',
      '| Page | theme | performance | FCP | LCP | TBT | accessibility | best practices | every run |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const s of results.lighthouse)
      lines.push(
        `| ${s.page} | ${s.theme ?? ''} | ${s.performance} | ${ms(s.fcpMs)} | ${ms(s.lcpMs)} | ${s.tbtMs} ms | ${s.accessibility} | ${s.bestPractices} | ${(s.runs ?? []).join(', ')} |`,
      );
  }
  for (const section of results.sections ?? []) lines.push('', `## ${section.title}`, '', section.markdown.trim());
  return { summary, markdown: `${lines.join('\n')}\n` };
}
