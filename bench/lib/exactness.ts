// After a run of writes: every total the schema keeps beside its rows (counters, points, leaderboards'
// tables, the platform's counters) must equal what the rows and the points ledger say. Set-wise SQL over
// the whole database, so a lost update anywhere fails, not only where the run happened to look.
import { LEVEL_THRESHOLDS, POINTS } from '@lunara/shared/points';
import postgres from 'postgres';

export interface Exactness {
  checked: string[];
  mismatches: string[];
}

type Sql = postgres.Sql;

interface Difference {
  total: number;
  key: string;
  stored: string | null;
  actual: string | null;
}

/** How many mismatches a check names in its line; the total is always given. */
const EXAMPLES = 3;

/**
 * One comparison: `query` selects (key, stored, actual) of the rows where they differ (text columns).
 * Returns its mismatch line, or undefined when every row agrees.
 */
async function compare(sql: Sql, name: string, query: string): Promise<string | undefined> {
  const rows = await sql.unsafe<Difference[]>(
    `select count(*) over ()::int as total, key::text, stored::text, actual::text from (${query}) d limit ${EXAMPLES}`,
  );
  const first = rows[0];
  if (!first) return undefined;
  const examples = rows.map((row) => `${row.key}: ${row.stored ?? 'none'} stored, ${row.actual ?? 'none'} counted`);
  return `${name}: ${first.total} differ (${examples.join('; ')})`;
}

/** level = the highest level whose threshold the points reach (the shared table, as the app computes it). */
const levelOf = (points: string) =>
  `(case ${[...LEVEL_THRESHOLDS.entries()]
    .reverse()
    .map(([index, threshold]) => `when ${points} >= ${threshold} then ${index + 1}`)
    .join(' ')} else 1 end)`;

const LEDGER_SUMS = `select user_id, sum(amount)::bigint as points from points_ledger group by user_id`;

/** Totals kept beside rows, each against a count or sum of the rows. */
const CHECKS: Array<[name: string, query: string]> = [
  [
    'posts.likes_count = its likes',
    `select p.id as key, p.likes_count as stored, coalesce(l.n, 0) as actual
     from posts p left join (select post_id, count(*) as n from post_likes group by post_id) l on l.post_id = p.id
     where p.likes_count <> coalesce(l.n, 0)`,
  ],
  [
    'posts.comments_count = its comments',
    `select p.id as key, p.comments_count as stored, coalesce(c.n, 0) as actual
     from posts p left join (select post_id, count(*) as n from post_comments group by post_id) c on c.post_id = p.id
     where p.comments_count <> coalesce(c.n, 0)`,
  ],
  [
    'post_reaction_counts = its reactions',
    `select coalesce(k.post_id, r.post_id) || ' ' || coalesce(k.reaction, r.reaction) as key, k.count as stored, r.n as actual
     from post_reaction_counts k
     full join (select post_id, reaction, count(*) as n from post_reactions group by post_id, reaction) r
       on r.post_id = k.post_id and r.reaction = k.reaction
     where coalesce(k.count, 0) <> coalesce(r.n, 0)`,
  ],
  [
    'forum_topics.replies_count = its replies',
    `select t.id as key, t.replies_count as stored, coalesce(r.n, 0) as actual
     from forum_topics t left join (select topic_id, count(*) as n from forum_replies group by topic_id) r on r.topic_id = t.id
     where t.replies_count <> coalesce(r.n, 0)`,
  ],
  [
    'forum_topics.last_reply_at = its latest reply',
    `select t.id as key, t.last_reply_at as stored, r.latest as actual
     from forum_topics t join (select topic_id, max(created_at) as latest from forum_replies group by topic_id) r on r.topic_id = t.id
     where t.last_reply_at is distinct from r.latest`,
  ],
  [
    'conversations.last_message_at ≥ its latest message',
    `select c.id as key, c.last_message_at as stored, m.latest as actual
     from conversations c join (select conversation_id, max(created_at) as latest from messages group by conversation_id) m
       on m.conversation_id = c.id
     where c.last_message_at < m.latest`,
  ],
  [
    'circle_events.attendee_count = its "going" answers',
    `select e.id as key, e.attendee_count as stored, coalesce(r.n, 0) as actual
     from circle_events e
     left join (select event_id, count(*) as n from event_rsvps where status = 'going' group by event_id) r on r.event_id = e.id
     where e.attendee_count <> coalesce(r.n, 0)`,
  ],
  [
    'user_points.points = the ledger',
    `select coalesce(u.user_id, l.user_id) as key, u.points as stored, l.points as actual
     from user_points u full join (${LEDGER_SUMS}) l on l.user_id = u.user_id
     where coalesce(u.points, 0) <> coalesce(l.points, 0)`,
  ],
  [
    'user_points.level = the level of its points',
    `select user_id as key, level as stored, ${levelOf('points')} as actual
     from user_points where level <> ${levelOf('points')}`,
  ],
  [
    'user_points.posts_count = her posts and topics',
    `select u.user_id as key, u.posts_count as stored, coalesce(p.n, 0) + coalesce(t.n, 0) as actual
     from user_points u
     left join (select user_id, count(*) as n from posts group by user_id) p on p.user_id = u.user_id
     left join (select user_id, count(*) as n from forum_topics group by user_id) t on t.user_id = u.user_id
     where u.posts_count <> coalesce(p.n, 0) + coalesce(t.n, 0)`,
  ],
  [
    'user_points.comments_count = her comments and replies',
    `select u.user_id as key, u.comments_count as stored, coalesce(c.n, 0) + coalesce(r.n, 0) as actual
     from user_points u
     left join (select user_id, count(*) as n from post_comments group by user_id) c on c.user_id = u.user_id
     left join (select user_id, count(*) as n from forum_replies group by user_id) r on r.user_id = u.user_id
     where u.comments_count <> coalesce(c.n, 0) + coalesce(r.n, 0)`,
  ],
  [
    "user_points.likes_received = others' likes on her posts",
    `select u.user_id as key, u.likes_received as stored, coalesce(l.n, 0) as actual
     from user_points u
     left join (select p.user_id, count(*) as n from post_likes k join posts p on p.id = k.post_id
                where k.user_id <> p.user_id group by p.user_id) l on l.user_id = u.user_id
     where u.likes_received <> coalesce(l.n, 0)`,
  ],
  ...(['week', 'month'] as const).map((period): [string, string] => [
    `points_period_totals (${period}) = the ledger`,
    `select coalesce(k.user_id, l.user_id) || ' ' || coalesce(k.period_start, l.period_start) as key,
              k.points as stored, l.points as actual
       from (select * from points_period_totals where period = '${period}') k
       full join (select user_id, date_trunc('${period}', created_at at time zone 'UTC')::date as period_start,
                         sum(amount)::bigint as points
                  from points_ledger group by 1, 2) l
         on l.user_id = k.user_id and l.period_start = k.period_start
       where coalesce(k.points, 0) <> coalesce(l.points, 0)`,
  ]),
  [
    'platform counters = their rows',
    `select c.key, lunara_counter(c.key) as stored, c.n as actual from (
       select 'posts' as key, count(*) as n from posts
       union all select 'post_comments', count(*) from post_comments
       union all select 'forum_topics', count(*) from forum_topics
       union all select 'notifications_unread', count(*) from notifications where not read
       union all select 'profiles', count(*) from profiles where id not in (select user_id from former_members)
       union all select 'members_active', count(*) from profiles where membership_status = 'active'
       union all select 'forum_topics:' || id, (select count(*) from forum_topics t where t.category_id = f.id)
                 from forum_categories f
     ) c where lunara_counter(c.key) <> c.n`,
  ],
];

/**
 * Each award of content written after `since` is in the ledger once, to its author, for its amount
 * (the keys of modules/points/award-keys.ts and the lesson and ritual services). Older rows are the
 * generator's, whose ledger is synthetic.
 */
const AWARDS: Array<[name: string, query: string]> = [
  [
    'each new post paid +10 once',
    `select p.id as key, l.amount as stored, ${POINTS.post} as actual from posts p
     left join points_ledger l on l.idempotency_key = 'post:' || p.id and l.user_id = p.user_id
     where p.created_at > $1 and l.amount is distinct from ${POINTS.post}`,
  ],
  [
    'each new comment paid +5 once',
    `select c.id as key, l.amount as stored, ${POINTS.comment} as actual from post_comments c
     left join points_ledger l on l.idempotency_key = 'comment:' || c.id and l.user_id = c.user_id
     where c.created_at > $1 and l.amount is distinct from ${POINTS.comment}`,
  ],
  [
    'each new forum reply paid +5 once',
    `select r.id as key, l.amount as stored, ${POINTS.comment} as actual from forum_replies r
     left join points_ledger l on l.idempotency_key = 'reply:' || r.id and l.user_id = r.user_id
     where r.created_at > $1 and l.amount is distinct from ${POINTS.comment}`,
  ],
  [
    "each new like paid its post's author +2 once",
    `select k.post_id || ' ' || k.user_id as key, l.amount as stored, ${POINTS.likeReceived} as actual
     from post_likes k join posts p on p.id = k.post_id
     left join points_ledger l
       on l.idempotency_key = 'like:' || k.post_id || ':' || k.user_id || ':'
                              || to_char(k.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      and l.user_id = p.user_id
     where k.created_at > $1 and k.user_id <> p.user_id and l.amount is distinct from ${POINTS.likeReceived}`,
  ],
  [
    'each new lesson completion paid +20 once',
    `select g.user_id || ' ' || g.lesson_id as key, l.amount as stored, ${POINTS.lesson} as actual from user_progress g
     left join points_ledger l on l.idempotency_key = 'lesson:' || g.user_id || ':' || g.lesson_id and l.user_id = g.user_id
     where g.completed and g.completed_at > $1 and l.amount is distinct from ${POINTS.lesson}`,
  ],
  [
    'each new paying ritual completion paid once',
    `select d.user_id || ' ' || d.ritual_id || ' ' || d.local_date as key, l.amount as stored, d.points_awarded as actual
     from daily_rituals d
     left join points_ledger l
       on l.idempotency_key = 'ritual:' || d.user_id || ':' || d.ritual_id || ':' || d.local_date and l.user_id = d.user_id
     where d.completed_at > $1 and d.points_awarded > 0 and l.amount is distinct from d.points_awarded`,
  ],
];

/**
 * The instant after which rows are the application's, in SQL: `since`, and the newest row generate.sql
 * wrote (it dates some minutes ahead) when the database records it, read in SQL to keep its microseconds.
 */
async function applicationRowsAfter(sql: Sql, since: Date | undefined): Promise<string | undefined> {
  const [table] = await sql<[{ found: boolean }]>`select to_regclass('bench_generated_horizon') is not null as found`;
  const bounds = [
    ...(since ? [`'${since.toISOString()}'::timestamptz`] : []),
    ...(table?.found ? ['(select max(until) from bench_generated_horizon)'] : []),
  ];
  return bounds.length > 0 ? `greatest(${bounds.join(', ')})` : undefined;
}

/**
 * Every check above on the database at `databaseUrl`; the ledger's awards are checked for rows written
 * after `since` (and after the generated data, when the database records where it ends). Runs in one
 * repeatable-read transaction, so writes still arriving cannot make a total and its rows disagree.
 */
export async function checkExactness(databaseUrl: string, options: { since?: Date } = {}): Promise<Exactness> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return await sql.begin('isolation level repeatable read read only', async (begun) => {
      const tx = begun as unknown as Sql;
      const checked: string[] = [];
      const mismatches: string[] = [];
      for (const [name, query] of CHECKS) {
        checked.push(name);
        const mismatch = await compare(tx, name, query);
        if (mismatch) mismatches.push(mismatch);
      }
      const after = await applicationRowsAfter(tx, options.since);
      if (after) {
        const [bound] = await tx.unsafe<[{ at: string }]>(`select ${after}::text as at`);
        for (const [name, query] of AWARDS) {
          checked.push(`${name} (rows after ${bound?.at})`);
          const mismatch = await compare(tx, name, query.replaceAll('$1', after));
          if (mismatch) mismatches.push(mismatch);
        }
      }
      return { checked, mismatches };
    });
  } finally {
    await sql.end();
  }
}
