import postgres from 'postgres';
import { CONNECTION_SETTINGS } from '../../apps/server/src/db/connection-settings.ts';
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
    // The plan the app runs: its connections keep one generic plan per statement (CONNECTION_SETTINGS,
    // decision 014), which EXPLAIN of the statement with its values would not show. PostgreSQL 15 has no
    // EXPLAIN (GENERIC_PLAN): the statement is prepared in SQL and its EXECUTE explained.
    await sql.unsafe(`set plan_cache_mode = ${CONNECTION_SETTINGS.plan_cache_mode}`);
    for (const [index, statement] of statements.entries()) {
      if (!/^\s*(select|with)\b/i.test(statement.query)) continue;
      const name = `bench_explain_${index}`;
      // The parameters' types as PostgreSQL resolved them for the driver's own prepared statement.
      const parameters = statement.parameters as postgres.ParameterOrJSON<never>[];
      await sql.unsafe(statement.query, parameters, { prepare: true });
      const [prepared] = await sql<Array<{ types: string }>>`
        select array_to_string(parameter_types, ',') as types from pg_prepared_statements where statement = ${statement.query}`;
      const types = prepared?.types ? `(${prepared.types})` : '';
      await sql.unsafe(`prepare ${name}${types} as ${statement.query}`);
      const values = statement.parameters.map(literal).join(', ');
      const [row] = await sql.unsafe(`explain (format json) execute ${name}${values ? `(${values})` : ''}`);
      await sql.unsafe(`deallocate ${name}`);
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

/** A value as an SQL literal, for EXECUTE (whose arguments the driver cannot type). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = Array.isArray(value)
    ? `{${value.map((item) => JSON.stringify(item)).join(',')}}`
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  return `'${text.replaceAll("'", "''")}'`;
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
