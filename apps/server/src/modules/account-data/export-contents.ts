import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/**
 * What "Export my data" holds: one JSON file per section, each read in one statement as a JSON array
 * (`to_jsonb` of her own rows, so a column added later is exported without a change here). Only her
 * data and what was sent to her: other members appear by display name only (never their ids or
 * addresses), and nothing secret (password hashes, session tokens, two-factor secrets, provider
 * payloads) is read at all.
 */
const array = (query: SQL) => sql`coalesce((select jsonb_agg(x) from (${query}) x), '[]'::jsonb)`;

function sections(userId: string): Record<string, SQL> {
  const me = sql`${userId}`;
  return {
    profile: sql`jsonb_build_object(
      'account', (select jsonb_build_object('id', u.id, 'name', u.name, 'email', u.email,
                  'emailVerified', u.email_verified, 'createdAt', u.created_at) from "user" u where u.id = ${me}),
      'profile', (select to_jsonb(p) from profiles p where p.id = ${me}),
      'role', (select r.role from user_roles r where r.user_id = ${me}),
      'location', (select to_jsonb(l) from user_locations l where l.user_id = ${me}))`,
    posts: array(sql`select p.* from posts p where p.user_id = ${me} order by p.created_at`),
    'post-likes': array(
      sql`select l.post_id, l.created_at from post_likes l where l.user_id = ${me} order by l.created_at`,
    ),
    'post-reactions': array(
      sql`select r.post_id, r.reaction, r.created_at from post_reactions r where r.user_id = ${me} order by r.created_at`,
    ),
    // Her saved list: which posts and topics, and when (their contents are other members').
    bookmarks: array(
      sql`select b.kind, b.post_id, b.topic_id, b.created_at from bookmarks b where b.user_id = ${me} order by b.created_at`,
    ),
    comments: array(sql`select c.* from post_comments c where c.user_id = ${me} order by c.created_at`),
    'forum-topics': sql // Who replied last is another member's id: not hers to take.
    `coalesce((select jsonb_agg(to_jsonb(t) - 'last_reply_user_id' order by t.created_at)
      from forum_topics t where t.user_id = ${me}), '[]'::jsonb)`,
    'forum-replies': array(sql`select r.* from forum_replies r where r.user_id = ${me} order by r.created_at`),
    // What she wrote before her edits (only authors edit, so every version is her own words).
    'earlier-versions': array(sql`
      select v.kind, v.item_id, v.title, v.content, v.created_at as replaced_at
      from content_revisions v where v.editor_id = ${me} order by v.created_at`),
    // Every conversation she is in: her messages and those sent to her (a group's while she was in it).
    // The other side is a display name, as she saw it in the app.
    messages: array(sql`
      select c.id as conversation_id, c.kind, c.title,
        (select coalesce(jsonb_agg(jsonb_build_object(
            'sentAt', m.created_at, 'fromYou', m.sender_id = ${me},
            'from', case when m.sender_id = ${me} then null else sp.display_name end,
            'content', m.content) order by m.created_at, m.id), '[]'::jsonb)
          from messages m left join profiles sp on sp.id = m.sender_id
          where m.conversation_id = c.id
            and (c.kind = 'direct' or (m.created_at >= cm.joined_at and (cm.left_at is null or m.created_at <= cm.left_at)))
        ) as messages
      from conversations c
      left join conversation_members cm on cm.conversation_id = c.id and cm.user_id = ${me}
      where c.participant_a = ${me} or c.participant_b = ${me} or cm.user_id is not null
      order by c.created_at`),
    rituals: array(sql`select r.* from rituals r where r.user_id = ${me} order by r.created_at`),
    // Her completions, with the notes and moods she wrote.
    'ritual-completions': array(sql`select d.*, coalesce(r.title, d.kept_title) as ritual_title from daily_rituals d
      left join rituals r on r.id = d.ritual_id where d.user_id = ${me} order by d.completed_at`),
    'course-progress': array(sql`select c.title as course, l.title as lesson, p.completed, p.completed_at,
      p.progress_percentage, p.last_viewed_at, p.position_seconds
      from user_progress p join lessons l on l.id = p.lesson_id join courses c on c.id = p.course_id
      where p.user_id = ${me} order by p.course_id, l.position`),
    points: sql`jsonb_build_object(
      'total', (select to_jsonb(t) from user_points t where t.user_id = ${me}),
      'ledger', ${array(sql`select l.amount, l.reason, l.created_at from points_ledger l where l.user_id = ${me} order by l.created_at, l.id`)})`,
    // Her subscriptions and the provider's customer record: statuses and dates, nothing of the provider's secrets.
    billing: sql`jsonb_build_object(
      'subscriptions', ${array(sql`select s.provider, s.status, s.product_id, s.price_id, s.current_period_end,
        s.cancel_at_period_end, s.created_at, s.updated_at from subscriptions s where s.user_id = ${me} order by s.created_at`)},
      'customers', ${array(sql`select b.provider, b.created_at from billing_customers b where b.user_id = ${me}`)})`,
    'saved-baths': array(sql`select b.* from saved_baths b where b.user_id = ${me} order by b.created_at`),
    'assessment-results': array(
      sql`select a.* from assessment_results a where a.user_id = ${me} order by a.created_at`,
    ),
    pods: array(sql`select p.name as pod, m.status, m.role, m.note, m.created_at from pod_memberships m
      join pods p on p.id = m.pod_id where m.user_id = ${me} order by m.created_at`),
    circles: array(sql`select c.name as circle, m.status, m.role, m.created_at from circle_memberships m
      join circles c on c.id = m.circle_id where m.user_id = ${me} order by m.created_at`),
    rsvps: array(sql`select e.title as event, e.event_date, r.status, r.created_at from event_rsvps r
      join circle_events e on e.id = r.event_id where r.user_id = ${me} order by r.created_at`),
    // The days she used the app while signed in (the owner's active-member counts).
    'active-days': sql`coalesce((select jsonb_agg(to_char(a.day, 'YYYY-MM-DD') order by a.day)
      from analytics_member_days a where a.user_id = ${me}), '[]'::jsonb)`,
    'notification-preferences': sql`(select to_jsonb(n) - 'last_digest_at' from notification_preferences n where n.user_id = ${me})`,
  };
}

export const EXPORT_SECTIONS = Object.keys(sections(''));

/** Every section of her export, as JSON values keyed by file name (without `.json`). */
export async function readExportSections(db: Db, userId: string): Promise<Record<string, unknown>> {
  const entries = Object.entries(sections(userId));
  // One statement: every section read from the same snapshot.
  const select = sql.join(
    entries.map(([name, query]) => sql`${query} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const [row] = await queryRows<Record<string, unknown>>(db, sql`select ${select}`);
  const out: Record<string, unknown> = {};
  for (const [name] of entries) {
    const value = row?.[name];
    // PGlite and postgres.js both parse jsonb; a string here would be a driver returning text.
    out[name] = typeof value === 'string' ? JSON.parse(value) : (value ?? null);
  }
  return out;
}
