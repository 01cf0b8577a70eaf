import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/escape-like.ts';

/**
 * `lower(email)` starts with `prefix`, in a form user_email_lower_prefix_idx (text_pattern_ops) serves
 * under a generic plan too: the app's connections plan each statement once (plan_cache_mode =
 * force_generic_plan, decision 014), and a LIKE with a bound pattern gives a generic plan no index range.
 * So the range is spelled out: prefix ≤ value < the prefix with its last character's successor
 * (byte-wise, the pattern operators' order, which is code point order in UTF-8); the LIKE stays as the
 * exact test.
 */
export function emailPrefixCondition(column: AnyColumn, rawPrefix: string): SQL {
  const prefix = rawPrefix.toLowerCase();
  const chars = [...prefix];
  const last = chars.pop();
  const next = (last?.codePointAt(0) ?? 0) + 1;
  const upper =
    last === undefined || next > 0x10ffff || (next >= 0xd800 && next <= 0xdfff)
      ? null
      : `${chars.join('')}${String.fromCodePoint(next)}`;
  const value = sql`lower(${column})`;
  return sql`(${value} ~>=~ ${prefix}${upper === null ? sql`` : sql` and ${value} ~<~ ${upper}`} and ${value} like ${`${escapeLike(prefix)}%`})`;
}
