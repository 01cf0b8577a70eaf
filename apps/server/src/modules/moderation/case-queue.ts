import { EDITABLE_KINDS, type EditableKind } from '@lunara/shared/editing';
import {
  CASE_REPORTS_SHOWN,
  type CaseStatus,
  MODERATION_PAGE_SIZE,
  type ModerationCase,
  type ModerationCasePage,
  type ReportReason,
  type ReportTargetType,
} from '@lunara/shared/moderation';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { isoTime } from '../../db/direct-read.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { decodeCursor, encodeCursor, microsOf, timestampFromMicros } from '../../lib/cursor.ts';
import { loadRevisions } from '../revisions/revision-service.ts';

interface CaseRow {
  id: string;
  target_type: ReportTargetType;
  target_id: string;
  author_id: string | null;
  status: CaseStatus;
  reporters_count: number;
  hidden: boolean;
  created_at: string;
  created_micros: string;
  last_reported_at: string;
}

interface ContentRow {
  id: string;
  title: string | null;
  body: string;
  created_at: string | null;
  link: string | null;
  context_title: string | null;
  context_link: string | null;
  conversation_id: string | null;
}

/** Messages shown on each side of a reported one: her conversation's context, nothing more of it. */
const MESSAGES_AROUND = 2;
const iso = (column: SQL) => isoTime(column);
const isEditable = (type: ReportTargetType): type is EditableKind =>
  (EDITABLE_KINDS as readonly string[]).includes(type);

/** Each kind's content as it is now (one bounded read per kind on the page), with where it sits. */
const CONTENT_QUERIES: Record<ReportTargetType, (ids: SQL) => SQL> = {
  post: (ids) =>
    sql`select p.id::text as id, p.title, p.content as body, ${iso(sql`p.created_at`)} as created_at,
               '/community/post/' || p.id as link, null as context_title, null as context_link, null as conversation_id
        from posts p where p.id::text = any(${ids})`,
  comment: (ids) =>
    sql`select c.id::text as id, null as title, c.content as body, ${iso(sql`c.created_at`)} as created_at,
               '/community/post/' || c.post_id as link, p.title as context_title,
               '/community/post/' || c.post_id as context_link, null as conversation_id
        from post_comments c join posts p on p.id = c.post_id where c.id::text = any(${ids})`,
  topic: (ids) =>
    sql`select t.id::text as id, t.title, t.content as body, ${iso(sql`t.created_at`)} as created_at,
               null as link, fc.name as context_title, null as context_link, null as conversation_id
        from forum_topics t join forum_categories fc on fc.id = t.category_id where t.id::text = any(${ids})`,
  reply: (ids) =>
    sql`select r.id::text as id, null as title, r.content as body, ${iso(sql`r.created_at`)} as created_at,
               null as link, t.title as context_title,
               null as context_link, null as conversation_id
        from forum_replies r join forum_topics t on t.id = r.topic_id where r.id::text = any(${ids})`,
  message: (ids) =>
    sql`select m.id::text as id, null as title, m.content as body, ${iso(sql`m.created_at`)} as created_at,
               null as link, c.title as context_title, null as context_link, m.conversation_id::text as conversation_id
        from messages m join conversations c on c.id = m.conversation_id where m.id::text = any(${ids})`,
  profile: (ids) =>
    sql`select p.id as id, p.display_name as title, coalesce(p.bio, '') as body, null as created_at,
               null as link, null as context_title, null as context_link, null as conversation_id
        from profiles p where p.id = any(${ids})`,
};

interface ContextMessage {
  reported_id: string;
  id: string;
  author_name: string | null;
  content: string;
  created_at: string;
}

/** The few messages before and after each reported message, in its own conversation only. */
async function messagesAround(db: Db, messageIds: string[]): Promise<Map<string, ContextMessage[]>> {
  const around = new Map<string, ContextMessage[]>();
  if (messageIds.length === 0) return around;
  const side = (direction: 'before' | 'after') =>
    sql`select * from (select x.id, x.sender_id, x.content, x.created_at from messages x
          where x.conversation_id = m.conversation_id
            and (x.created_at, x.id) ${sql.raw(direction === 'before' ? '<' : '>')} (m.created_at, m.id)
          order by x.created_at ${sql.raw(direction === 'before' ? 'desc' : 'asc')}, x.id ${sql.raw(direction === 'before' ? 'desc' : 'asc')}
          limit ${literalLimit(MESSAGES_AROUND)}) s`;
  const rows = await queryRows<ContextMessage>(
    db,
    sql`select m.id::text as reported_id, w.id::text as id, p.display_name as author_name, w.content,
               ${iso(sql`w.created_at`)} as created_at
        from messages m
        cross join lateral (
          ${side('before')}
          union all select m.id, m.sender_id, m.content, m.created_at
          union all ${side('after')}
        ) w
        left join profiles p on p.id = w.sender_id
        where m.id::text = any(${sql.param(messageIds)}::text[])
        order by m.id, w.created_at, w.id`,
  );
  for (const row of rows) around.set(row.reported_id, [...(around.get(row.reported_id) ?? []), row]);
  return around;
}

/**
 * The open cases, oldest first (keyset-paged on (created_at, id) from the open-queue index), each with
 * its content as it is now, its context, its author, the count of each reason and the latest reports.
 * Reporters' names are left out of cases about the viewer's own content.
 */
export async function listOpenCases(db: Db, viewerId: string, cursor?: string): Promise<ModerationCasePage> {
  const after = cursor ? decodeCursor(cursor, ['micros', 'uuid']) : undefined;
  const rows = await queryRows<CaseRow>(
    db,
    sql`select id, target_type, target_id, author_id, status, reporters_count, hidden_at is not null as hidden,
               ${iso(sql`created_at`)} as created_at, ${microsOf(sql`created_at`)} as created_micros,
               ${iso(sql`last_reported_at`)} as last_reported_at
        from moderation_cases
        where status = 'open'
          -- A report about her is for another moderator to review (she could dismiss it otherwise).
          and author_id is distinct from ${viewerId}
          ${after ? sql`and (created_at, id) > (${timestampFromMicros(String(after[0]))}, ${after[1]}::uuid)` : sql``}
        order by created_at, id
        limit ${literalLimit(MODERATION_PAGE_SIZE + 1)}`,
  );
  const page = rows.slice(0, MODERATION_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: await describeCases(db, viewerId, page),
    nextCursor: rows.length > MODERATION_PAGE_SIZE && last ? encodeCursor([last.created_micros, last.id]) : null,
  };
}

async function describeCases(db: Db, viewerId: string, cases: CaseRow[]): Promise<ModerationCase[]> {
  if (cases.length === 0) return [];
  const caseIds = sql.param(cases.map((row) => row.id));
  const reports = await queryRows<{
    case_id: string;
    reporter_id: string;
    display_name: string | null;
    avatar_url: string | null;
    reason: ReportReason;
    note: string | null;
    created_at: string;
  }>(
    db,
    sql`select c.id as case_id, r.reporter_id, p.display_name, p.avatar_url, r.reason, r.note,
               ${iso(sql`r.created_at`)} as created_at
        from unnest(${caseIds}::uuid[]) as c(id)
        cross join lateral (
          select * from moderation_reports x where x.case_id = c.id
          order by x.created_at desc limit ${literalLimit(CASE_REPORTS_SHOWN)}
        ) r
        left join profiles p on p.id = r.reporter_id`,
  );
  const reasons = await queryRows<{ case_id: string; reason: ReportReason; count: number }>(
    db,
    sql`select case_id, reason, count(*)::int as count from moderation_reports
        where case_id = any(${caseIds}::uuid[]) group by case_id, reason order by count(*) desc, reason`,
  );
  const authorIds = [...new Set(cases.map((row) => row.author_id).filter((id): id is string => Boolean(id)))];
  const authors = new Map(
    (
      await queryRows<{ id: string; display_name: string | null; avatar_url: string | null }>(
        db,
        sql`select id, display_name, avatar_url from profiles where id = any(${sql.param(authorIds)}::text[])`,
      )
    ).map((row) => [row.id, row]),
  );
  const contents = new Map<string, ContentRow>();
  for (const type of new Set(cases.map((row) => row.target_type))) {
    const ids = cases.filter((row) => row.target_type === type).map((row) => row.target_id);
    const found = await queryRows<ContentRow>(db, CONTENT_QUERIES[type](sql`${sql.param(ids)}::text[]`));
    for (const row of found) contents.set(`${type}:${row.id}`, row);
  }
  const around = await messagesAround(
    db,
    cases.filter((row) => row.target_type === 'message').map((row) => row.target_id),
  );
  const revisions = await loadRevisions(
    db,
    cases.flatMap((row) => (isEditable(row.target_type) ? [{ kind: row.target_type, itemId: row.target_id }] : [])),
  );

  return cases.map((row) => {
    const author = row.author_id ? authors.get(row.author_id) : undefined;
    const content = contents.get(`${row.target_type}:${row.target_id}`);
    const ownContent = row.author_id === viewerId;
    const messages = row.target_type === 'message' ? (around.get(row.target_id) ?? []) : [];
    return {
      id: row.id,
      targetType: row.target_type,
      targetId: row.target_id,
      status: row.status,
      reportersCount: row.reporters_count,
      hidden: row.hidden,
      createdAt: row.created_at,
      lastReportedAt: row.last_reported_at,
      reasons: reasons.filter((r) => r.case_id === row.id).map((r) => ({ reason: r.reason, count: r.count })),
      reports: reports
        .filter((r) => r.case_id === row.id)
        .map((r) => ({
          reporter: ownContent
            ? null
            : { id: r.reporter_id, displayName: r.display_name ?? 'Sister', avatarUrl: servedAvatarUrl(r.avatar_url) },
          reason: r.reason,
          note: r.note,
          createdAt: r.created_at,
        })),
      author:
        author && row.author_id
          ? {
              id: row.author_id,
              displayName: author.display_name ?? 'Sister',
              avatarUrl: servedAvatarUrl(author.avatar_url),
            }
          : null,
      content: content
        ? {
            title: content.title,
            body: content.body,
            createdAt: content.created_at,
            link: content.link,
            revisions: revisions.get(`${row.target_type}:${row.target_id}`) ?? [],
          }
        : null,
      context:
        content && (content.context_title || content.context_link || messages.length > 0)
          ? {
              title: content.context_title,
              link: content.context_link,
              messages: messages.map((m) => ({
                id: m.id,
                authorName: m.author_name ?? 'Former member',
                content: m.content,
                createdAt: m.created_at,
                isReported: m.id === row.target_id,
              })),
            }
          : null,
    };
  });
}
