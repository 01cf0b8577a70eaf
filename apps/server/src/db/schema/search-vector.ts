import { type SQL, sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A stored, generated `search` column for community search (modules/search): the given text columns
 * (raw column names, A most important to D) under the accent-folding `lunara_search` configuration
 * (migration search_configuration), kept by PostgreSQL on every write and served by a GIN index.
 * Column names are written bare: a generated column may not name its table.
 */
export function searchVector(weighted: Partial<Record<'A' | 'B' | 'C' | 'D', string>>) {
  const parts = Object.entries(weighted).map(
    ([weight, column]) => `setweight(to_tsvector('lunara_search'::regconfig, coalesce("${column}", '')), '${weight}')`,
  );
  return tsvector('search').generatedAlwaysAs((): SQL => sql.raw(parts.join(' || ')));
}
