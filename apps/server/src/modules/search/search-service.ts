import { plainTextOf } from '@lunara/shared/plain-text';
import type { Role } from '@lunara/shared/roles';
import {
  MARK_END,
  MARK_START,
  SEARCH_GROUP_SIZE,
  SEARCH_KINDS,
  SEARCH_MAX_OFFSET,
  SEARCH_PAGE_SIZE,
  type SearchGroup,
  type SearchKind,
  type SearchResponse,
  type SearchResult,
  type SearchSince,
} from '@lunara/shared/search';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { escapeLike } from '../../db/escape-like.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { canUseCommunity } from '../billing/community-access.ts';
import type { BlockView } from '../blocks/block-service.ts';
import { circleContentVisible, eventVisible } from '../circles/circle-access.ts';
import type { Actor } from '../feed/post-service.ts';
import { SEARCH_CONFIG, tsqueryOf } from './search-query.ts';

/**
 * Each kind ranks at most this many of its matches: ranking them all would read every row of a common
 * word (the bench's "moon" is in all 500,000 posts), so a common word's results are the best of a sample
 * (see SEARCH_SETTINGS) and a rare word's are exact; each kind's cost stays bounded whatever she types.
 */
const CANDIDATES = SEARCH_MAX_OFFSET + SEARCH_PAGE_SIZE;

/**
 * For this transaction only. Every other statement keeps one generic plan (decision 014); this one is
 * planned for the words typed. PostgreSQL cannot estimate a prefix (`moon:*`) well: with a table scan
 * allowed it read all 1,000,000 comments looking for 200 that never came (175 ms at the bench's size),
 * so each kind reads its GIN index. A word in every post makes a bitmap of 500,000 rows (40 ms): the
 * fuzzy limit has GIN hand back a sample of about 5,000 instead (18 ms), plenty to rank CANDIDATES from.
 */
const SEARCH_SETTINGS = sql`select set_config('plan_cache_mode', 'force_custom_plan', true),
  set_config('enable_seqscan', 'off', true), set_config('gin_fuzzy_search_limit', '5000', true)`;

const SINCE_INTERVAL: Record<Exclude<SearchSince, 'any'>, string> = {
  week: '7 days',
  month: '1 month',
  year: '1 year',
};

const MARKS = `${MARK_START}${MARK_END}`;
const TITLE_HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;
const SNIPPET_HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=28, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

interface SearchInput {
  viewerId: string;
  /** Her role as she acts: staff find every circle's posts and events, a member only her circles'. */
  viewerRole?: Role;
  blocks: BlockView;
  q: string;
  kind?: SearchKind;
  since: SearchSince;
  offset?: number;
}

interface Context {
  viewerId: string;
  viewer: Actor;
  /** Members she blocked or who blocked her, comma-separated (one bound parameter). */
  blocked: string;
  tsq: SQL;
  since: SearchSince;
}

/** Nobody she blocked or who blocked her, and no one at all if `column` is null (a deleted creator). */
const notBlocked = (ctx: Context, column: SQL) =>
  sql`not (coalesce(${column}, '') = any(string_to_array(${ctx.blocked}, ',')))`;

/** Hidden by moderation: only its author still finds it. */
const notHidden = (ctx: Context, alias: string) =>
  sql`(${sql.raw(alias)}.hidden_at is null or ${sql.raw(alias)}.user_id = ${ctx.viewerId})`;

const sinceFilter = (ctx: Context, column: string) =>
  ctx.since === 'any' ? sql`true` : sql`${sql.raw(column)} >= now() - ${SINCE_INTERVAL[ctx.since]}::interval`;

interface Branch {
  /** `id`, `parent_id`, `title`, `body`, `author_id`, `created_at`, `search` of the matching, visible rows. */
  candidates(ctx: Context): SQL;
}

/**
 * Posts, comments, topics and replies: not hidden (unless hers), no blocked author, visible parents; a
 * circle's posts and their comments only to its members and staff, as everywhere (circle-access.ts).
 */
const BRANCHES: Record<Exclude<SearchKind, 'member'>, Branch> = {
  post: {
    candidates: (ctx) => sql`
      select p.id::text as id, null::text as parent_id, p.title, p.content as body, p.user_id as author_id,
             p.created_at, p.search
      from posts p
      where p.search @@ ${ctx.tsq} and ${notHidden(ctx, 'p')} and ${notBlocked(ctx, sql`p.user_id`)}
        and ${circleContentVisible(ctx.viewer, sql`p.circle_id`)}
        and ${sinceFilter(ctx, 'p.created_at')}`,
  },
  comment: {
    candidates: (ctx) => sql`
      select c.id::text as id, c.post_id::text as parent_id, pp.title, c.content as body, c.user_id as author_id,
             c.created_at, c.search
      from post_comments c join posts pp on pp.id = c.post_id
      where c.search @@ ${ctx.tsq} and ${notHidden(ctx, 'c')} and ${notBlocked(ctx, sql`c.user_id`)}
        and ${notHidden(ctx, 'pp')} and ${notBlocked(ctx, sql`pp.user_id`)}
        and ${circleContentVisible(ctx.viewer, sql`pp.circle_id`)}
        and ${sinceFilter(ctx, 'c.created_at')}`,
  },
  topic: {
    candidates: (ctx) => sql`
      select t.id::text as id, null::text as parent_id, t.title, t.content as body, t.user_id as author_id,
             t.created_at, t.search
      from forum_topics t join forum_categories fc on fc.id = t.category_id and fc.is_active
      where t.search @@ ${ctx.tsq} and ${notHidden(ctx, 't')} and ${notBlocked(ctx, sql`t.user_id`)}
        and ${sinceFilter(ctx, 't.created_at')}`,
  },
  reply: {
    candidates: (ctx) => sql`
      select r.id::text as id, r.topic_id::text as parent_id, t.title, r.content as body, r.user_id as author_id,
             r.created_at, r.search
      from forum_replies r
        join forum_topics t on t.id = r.topic_id
        join forum_categories fc on fc.id = t.category_id and fc.is_active
      where r.search @@ ${ctx.tsq} and ${notHidden(ctx, 'r')} and ${notBlocked(ctx, sql`r.user_id`)}
        and ${notHidden(ctx, 't')} and ${notBlocked(ctx, sql`t.user_id`)}
        and ${sinceFilter(ctx, 'r.created_at')}`,
  },
  // Members see published courses only (courses/lesson-access.ts), drafts and archived ones never.
  course: {
    candidates: (ctx) => sql`
      select co.id::text as id, null::text as parent_id, co.title, co.summary || ' ' || co.description as body,
             null::text as author_id, co.created_at, co.search
      from courses co
      where co.search @@ ${ctx.tsq} and co.is_published and co.archived_at is null
        and ${sinceFilter(ctx, 'co.created_at')}`,
  },
  // A lesson's title and description, as the course page lists them; never its body, which opens only
  // to whom the lesson's own rules allow (membership, drip days, the order of the course).
  lesson: {
    candidates: (ctx) => sql`
      select l.id, l.course_id::text as parent_id, l.title, l.description as body,
             null::text as author_id, l.updated_at as created_at, l.search
      from lessons l join courses co on co.id = l.course_id and co.is_published and co.archived_at is null
      where l.search @@ ${ctx.tsq} and ${sinceFilter(ctx, 'l.updated_at')}`,
  },
  // As the events list and page show them: not cancelled, in a circle that is still active, and a
  // circle-only one to its circle's members and staff alone.
  event: {
    candidates: (ctx) => sql`
      select e.id::text as id, e.circle_id::text as parent_id, e.title, e.description as body,
             null::text as author_id, e.event_date as created_at, e.search
      from circle_events e join circles ci on ci.id = e.circle_id and ci.is_active
      where e.search @@ ${ctx.tsq} and not e.is_cancelled
        and ${eventVisible(ctx.viewer, sql`e.visibility`, sql`e.circle_id`)}
        and ${sinceFilter(ctx, 'e.created_at')}`,
  },
  // The circles page lists every active circle (private ones too: she may ask to join).
  circle: {
    candidates: (ctx) => sql`
      select ci.id::text as id, null::text as parent_id, ci.name as title,
             ci.focus_area || ' · ' || ci.description as body, null::text as author_id, ci.created_at, ci.search
      from circles ci
      where ci.search @@ ${ctx.tsq} and ci.is_active and ${sinceFilter(ctx, 'ci.created_at')}`,
  },
};

/**
 * Words that are only excluded ("-moon") match nearly every row and no index can find them: such a
 * search finds nothing rather than reading whole tables (PostgreSQL's querytree answers T for it).
 */
const indexable = (ctx: Context) => sql`querytree(${ctx.tsq}) <> 'T'`;

function rankedBranch(kind: Exclude<SearchKind, 'member'>, ctx: Context, limit: number, offset: number): SQL {
  return sql`(select ${kind}::text as kind, c.id, c.parent_id, c.title, c.body, c.author_id, c.created_at,
                     ts_rank(c.search, ${ctx.tsq}) as rank
              from (${BRANCHES[kind].candidates(ctx)} and ${indexable(ctx)} limit ${literalLimit(CANDIDATES)}) c
              order by rank desc, c.created_at desc, c.id
              limit ${literalLimit(limit)} offset ${literalLimit(offset)})`;
}

/**
 * Members by any part of their name (the trigram index of migration search_configuration serves the
 * LIKE), as Messages' member search admits them: members who can use the community, never a former
 * member's tombstone, never a member either of them blocked. Names that start with the words first.
 */
function memberBranch(ctx: Context, q: string, limit: number, offset: number): SQL {
  const needle = q.toLowerCase();
  return sql`(select 'member'::text as kind, pr.id, null::text as parent_id, pr.display_name as title,
                     null::text as body, pr.id as author_id, null::timestamptz as created_at,
                     (case when lower(pr.display_name) = ${needle} then 1.0
                           when lower(pr.display_name) like ${`${escapeLike(needle)}%`} then 0.6
                           else 0.3 end)::real as rank
              from profiles pr
              where lower(pr.display_name) like ${`%${escapeLike(needle)}%`}
                and ${notBlocked(ctx, sql`pr.id`)}
                and not exists (select 1 from former_members fm where fm.user_id = pr.id)
                and ${canUseCommunity(sql`pr.id`)}
              order by rank desc, lower(pr.display_name), pr.id
              limit ${literalLimit(limit)} offset ${literalLimit(offset)})`;
}

interface HitRow {
  kind: SearchKind;
  id: string;
  parent_id: string | null;
  title: string;
  snippet: string;
  author_id: string | null;
  author_name: string | null;
  author_avatar: string | null;
  created_at: string | Date | null;
  rank: number;
}

/** Marks a member's name where the search matched it (names are matched by substring, not by word). */
function markName(name: string, q: string): string {
  const at = name.toLowerCase().indexOf(q.toLowerCase());
  if (at < 0 || name.length !== name.toLowerCase().length) return name;
  return `${name.slice(0, at)}${MARK_START}${name.slice(at, at + q.length)}${MARK_END}${name.slice(at + q.length)}`;
}

const toResult = (row: HitRow, q: string): SearchResult => ({
  kind: row.kind,
  id: row.id,
  title: row.kind === 'member' ? markName(row.title, q) : row.title,
  // Stored text is Markdown: the excerpt reads as the rendered words would, marks of the match kept.
  snippet: plainTextOf(row.snippet),
  parentId: row.parent_id,
  author: row.author_id
    ? { id: row.author_id, displayName: row.author_name ?? '', avatarUrl: servedAvatarUrl(row.author_avatar) }
    : null,
  createdAt: row.created_at ? new Date(row.created_at).toISOString() : null,
});

/**
 * Community search: without `kind`, each kind's best SEARCH_GROUP_SIZE, best group first; with `kind`,
 * a page of that kind. One statement (the kinds as UNION ALL branches), planned for the words she typed
 * (see CANDIDATES), highlighted only on the rows returned.
 */
export async function searchCommunity(db: Db, input: SearchInput): Promise<SearchResponse> {
  const q = input.q.trim();
  const ctx: Context = {
    viewerId: input.viewerId,
    viewer: { id: input.viewerId, role: input.viewerRole ?? 'user' },
    blocked: [...input.blocks.blockedByMe, ...input.blocks.blockedMe].join(','),
    tsq: tsqueryOf(q),
    since: input.since,
  };
  const offset = input.kind ? (input.offset ?? 0) : 0;
  const limit = (input.kind ? SEARCH_PAGE_SIZE : SEARCH_GROUP_SIZE) + 1;
  const kinds = input.kind ? [input.kind] : SEARCH_KINDS;
  // People have no date: a date filter is about what was written.
  const branches = kinds
    .filter((kind) => kind !== 'member' || input.since === 'any')
    .map((kind) => (kind === 'member' ? memberBranch(ctx, q, limit, offset) : rankedBranch(kind, ctx, limit, offset)));
  if (branches.length === 0) return { groups: [], nextCursor: null };

  const statement = sql`
    select h.kind, h.id, h.parent_id, h.created_at, h.rank, h.author_id,
           pr.display_name as author_name, pr.avatar_url as author_avatar,
           case when h.kind = 'member' then h.title
                else ts_headline(${SEARCH_CONFIG}, translate(h.title, ${MARKS}, ''), ${ctx.tsq}, ${TITLE_HEADLINE}) end as title,
           case when h.body is null then ''
                else ts_headline(${SEARCH_CONFIG}, translate(h.body, ${MARKS}, ''), ${ctx.tsq}, ${SNIPPET_HEADLINE}) end as snippet
    from (${sql.join(branches, sql` union all `)}) h
    left join lateral (select display_name, avatar_url from profiles where profiles.id = h.author_id) pr on true
    order by h.rank desc, h.created_at desc nulls last, h.id`;
  const rows = await db.transaction(async (tx) => {
    await tx.execute(SEARCH_SETTINGS);
    return queryRows<HitRow>(tx, statement);
  });

  const byKind = new Map<SearchKind, HitRow[]>();
  for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row]);
  const groups: SearchGroup[] = [...byKind.entries()].map(([kind, hits]) => ({
    kind,
    items: hits.slice(0, limit - 1).map((row) => toResult(row, q)),
    hasMore: hits.length >= limit,
  }));
  const group = groups[0];
  const nextOffset = offset + SEARCH_PAGE_SIZE;
  const nextCursor = input.kind && group?.hasMore && nextOffset <= SEARCH_MAX_OFFSET ? String(nextOffset) : null;
  return { groups, nextCursor };
}
