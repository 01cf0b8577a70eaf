import { type SQL, sql } from 'drizzle-orm';

/** The accent-folding configuration of migration search_configuration. */
export const SEARCH_CONFIG = sql`'lunara_search'::regconfig`;

// A last word this short would expand to most of the dictionary as a prefix: it is matched whole.
const PREFIX_MIN_LENGTH = 2;
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * The member's words as a tsquery, in SQL built from bound parameters only: websearch syntax ("quoted
 * phrases", or, -excluded) for all of it, and, as she types, the last plain word as a prefix
 * (`medit` finds "meditation"). The prefix word holds only letters and digits, so its `:*` is the only
 * operator to_tsquery sees.
 */
export function tsqueryOf(query: string): SQL {
  const words = query.trim().split(/\s+/);
  const last = words.at(-1) ?? '';
  const inOpenQuote = (query.match(/"/g)?.length ?? 0) % 2 === 1;
  const isPrefix =
    !inOpenQuote && PLAIN_WORD.test(last) && last.length >= PREFIX_MIN_LENGTH && last.toLowerCase() !== 'or';
  if (!isPrefix) return sql`websearch_to_tsquery(${SEARCH_CONFIG}, ${query})`;
  const rest = words.slice(0, -1).join(' ');
  return sql`(websearch_to_tsquery(${SEARCH_CONFIG}, ${rest}) && to_tsquery(${SEARCH_CONFIG}, ${`${last}:*`}))`;
}
