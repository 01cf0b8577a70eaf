import postgres from 'postgres';
import type { Statement } from './capture.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

export interface PlanSummary {
  /** Scans and sorts whose cost grows with a large table. */
  problems: string[];
  scans: string[];
}

const LARGE = 10_000;

/** EXPLAINs each statement and names every sequential scan or sort over a large table. */
export async function explainStatements(databaseUrl: string, statements: Statement[]): Promise<PlanSummary> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const sizes = new Map<string, number>();
  for (const row of await sql<Array<{ relname: string; n: number }>>`
    select relname, reltuples::bigint as n from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`) {
    sizes.set(row.relname, Number(row.n));
  }
  const summary: PlanSummary = { problems: [], scans: [] };
  try {
    for (const statement of statements) {
      if (!/^\s*(select|with)\b/i.test(statement.query)) continue;
      const [row] = await sql.unsafe(
        `explain (format json) ${statement.query}`,
        statement.parameters as postgres.ParameterOrJSON<never>[],
      );
      const plan = (row?.['QUERY PLAN'] as Array<{ Plan: PlanNode }> | undefined)?.[0]?.Plan;
      if (plan) walk(plan, summary, sizes);
    }
  } finally {
    await sql.end();
  }
  summary.scans = [...new Set(summary.scans)];
  summary.problems = [...new Set(summary.problems)];
  return summary;
}

function walk(node: PlanNode, summary: PlanSummary, sizes: Map<string, number>) {
  const relation = node['Relation Name'];
  if (relation) summary.scans.push(`${node['Node Type']} ${node['Index Name'] ?? relation}`);
  if (node['Node Type'] === 'Seq Scan' && relation && (sizes.get(relation) ?? 0) > LARGE) {
    summary.problems.push(`Seq Scan on ${relation}`);
  }
  if (/Sort|Aggregate/.test(node['Node Type']) && (node['Plan Rows'] ?? 0) > LARGE) {
    summary.problems.push(`${node['Node Type']} of ~${node['Plan Rows']} rows`);
  }
  for (const child of node.Plans ?? []) walk(child, summary, sizes);
}
