// What each write path sends, as the web app sends it (apps/web/src/features/*/api): a real
// state-changing request per send, each one different, so that no like hits a post its liker has
// liked, no lesson or ritual is completed twice and no "going" is repeated. Requests are laid out per
// connection: a member's lessons go in course order on one connection (a course is taken in order).
import { randomBytes } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@lunara/shared/idempotency';
import type postgres from 'postgres';
import { rowId } from './endpoints.ts';
import { memberId } from './sessions.ts';

export const WRITE_PATHS = ['like', 'comment', 'post', 'reply', 'message', 'lesson', 'ritual', 'rsvp'] as const;
export type WritePath = (typeof WRITE_PATHS)[number];

export const WRITE_PATH_TITLES: Record<WritePath, string> = {
  like: 'like',
  comment: 'comment',
  post: 'post',
  reply: 'forum reply',
  message: 'message send',
  lesson: 'lesson complete',
  ritual: 'ritual complete',
  rsvp: 'RSVP',
};

export interface WriteRequest {
  method: 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** What the requests are made from: the generated community and the members with sessions. */
export interface WriteSetting {
  sql: postgres.Sql;
  /** Generated members (bench-000001 …) and posts and topics, as generate.sql made them. */
  members: number;
  posts: number;
  topics: number;
  /** cookies[n - 1] is member n's session; members 2 … cookies.length write (1 is the admin). */
  cookies: string[];
  connections: number;
  /** Requests per connection at most (enough for the run at the fastest rate expected). */
  perConnection: number;
  /** The server's address: a browser's same-origin write carries it as Origin. */
  origin: string;
}

/** Events made for each run: every "going" is a member's first answer to it. */
export const RUN_EVENT_TITLE = 'Write paths event';
const RUN_EVENTS = 50;
/** The newest posts the likes and comments go to (the feed's top, where members act). */
const RECENT_POSTS = 20_000;
const CATEGORIES = ['general', 'goals', 'healing', 'beauty', 'rituals'];

/** A small deterministic generator: the same run sends the same requests. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

function request(
  setting: WriteSetting,
  member: number,
  method: WriteRequest['method'],
  path: string,
  body?: unknown,
  withKey = false,
): WriteRequest {
  const headers: Record<string, string> = { cookie: setting.cookies[member - 1] ?? '', origin: setting.origin };
  if (body !== undefined) headers['content-type'] = 'application/json';
  // The web app gives these writes a key so that a retry is done once (apps/web/src/lib/api.ts).
  if (withKey) headers[IDEMPOTENCY_KEY_HEADER] = randomBytes(16).toString('base64url');
  return { method, path, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
}

/** Deals a flat list out to the connections in turn. */
function dealOut<T>(items: T[], connections: number): T[][] {
  const queues: T[][] = Array.from({ length: connections }, () => []);
  for (const [index, item] of items.entries()) queues[index % connections]?.push(item);
  return queues;
}

const writers = (setting: WriteSetting) => Math.min(setting.cookies.length, setting.members);
const total = (setting: WriteSetting) => setting.connections * setting.perConnection;
const text = (what: string, n: number) =>
  `The moon is full tonight and I feel grateful for this circle. ${what} ${n} of the write benchmark.`;
const recentPost = (setting: WriteSetting, random: () => number) =>
  between(random, Math.max(1, setting.posts - RECENT_POSTS + 1), setting.posts);
/** generate.sql: post i is member 1 + i % members's. */
const authorOfPost = (setting: WriteSetting, post: number) => 1 + (post % setting.members);

/** Likes of recent posts by members who have not liked them (and are not their authors). */
async function likes(setting: WriteSetting, random: () => number): Promise<WriteRequest[]> {
  const wanted = total(setting);
  const pairs = new Map<string, { post: string; member: number }>();
  for (let tries = 0; pairs.size < wanted * 1.2 && tries < wanted * 3; tries++) {
    const post = recentPost(setting, random);
    const member = between(random, 2, writers(setting));
    if (member === authorOfPost(setting, post)) continue;
    const id = rowId('post', post);
    pairs.set(`${id}|${memberId(member)}`, { post: id, member });
  }
  const candidates = [...pairs.values()];
  const taken = await setting.sql<Array<{ post_id: string; user_id: string }>>`
    select l.post_id::text, l.user_id from post_likes l
    join unnest(${candidates.map((pair) => pair.post)}::uuid[], ${candidates.map((pair) => memberId(pair.member))}::text[])
      as c(post_id, user_id) on c.post_id = l.post_id and c.user_id = l.user_id`;
  const liked = new Set(taken.map((row) => `${row.post_id}|${row.user_id}`));
  return candidates
    .filter((pair) => !liked.has(`${pair.post}|${memberId(pair.member)}`))
    .slice(0, wanted)
    .map((pair) => request(setting, pair.member, 'PUT', `/api/posts/${pair.post}/like`));
}

function comments(setting: WriteSetting, random: () => number): WriteRequest[] {
  return Array.from({ length: total(setting) }, (_, k) => {
    const post = rowId('post', recentPost(setting, random));
    const member = between(random, 2, writers(setting));
    return request(setting, member, 'POST', `/api/posts/${post}/comments`, { content: text('Comment', k) }, true);
  });
}

function posts(setting: WriteSetting, random: () => number): WriteRequest[] {
  return Array.from({ length: total(setting) }, (_, k) => {
    const member = between(random, 2, writers(setting));
    const body = {
      title: `Write path post ${k}`,
      content: text('Post', k),
      category: CATEGORIES[k % CATEGORIES.length],
    };
    return request(setting, member, 'POST', '/api/posts', body, true);
  });
}

function replies(setting: WriteSetting, random: () => number): WriteRequest[] {
  return Array.from({ length: total(setting) }, (_, k) => {
    const topic = rowId('topic', between(random, 1, setting.topics));
    const member = between(random, 2, writers(setting));
    return request(setting, member, 'POST', `/api/forums/topics/${topic}/replies`, { content: text('Reply', k) }, true);
  });
}

/**
 * Each member writes to her neighbour (generate.sql: conversation n-1 pairs member n with n+1), the
 * senders in turn, so none nears the 60 messages a minute a member may send.
 */
function messages(setting: WriteSetting): WriteRequest[] {
  const senders = Math.min(writers(setting), setting.members - 1) - 1;
  return Array.from({ length: total(setting) }, (_, k) => {
    const sender = 2 + (k % senders);
    const path = `/api/conversations/${rowId('conversation', sender - 1)}/messages`;
    return request(setting, sender, 'POST', path, { content: text('Message', k) }, true);
  });
}

/**
 * Each member's requests on one connection, members dealt out in a shuffled order (not all connections
 * on the lowest members' rows), until each connection has its share.
 */
function memberByMember(
  setting: WriteSetting,
  perMember: Map<number, WriteRequest[]>,
  random: () => number,
): WriteRequest[][] {
  const queues: WriteRequest[][] = Array.from({ length: setting.connections }, () => []);
  const members = [...perMember.keys()]
    .map((member) => ({ member, order: random() }))
    .sort((a, b) => a.order - b.order);
  let next = 0;
  for (const { member } of members) {
    const queue = queues[next];
    next = (next + 1) % setting.connections;
    if (queue && queue.length < setting.perConnection) queue.push(...(perMember.get(member) ?? []));
  }
  return queues;
}

/** Each member's lessons not yet completed, in course order, all on one connection. */
async function lessons(setting: WriteSetting, random: () => number): Promise<WriteRequest[][]> {
  const rows = await setting.sql<Array<{ member: number; course_id: number; lesson_id: string }>>`
    select m.n as member, l.course_id, l.id as lesson_id
    from generate_series(2, ${writers(setting)}::int) m(n)
    cross join lessons l join courses c on c.id = l.course_id
    where c.is_published and c.archived_at is null and l.drip_days is null
      and not exists (select 1 from user_progress p
                      where p.user_id = 'bench-' || lpad(m.n::text, 6, '0') and p.lesson_id = l.id and p.completed)
    order by m.n, l.course_id, l.position`;
  const perMember = new Map<number, WriteRequest[]>();
  for (const row of rows) {
    const list = perMember.get(row.member) ?? [];
    list.push(
      request(setting, row.member, 'POST', `/api/courses/${row.course_id}/lessons/${row.lesson_id}/complete`, {}),
    );
    perMember.set(row.member, list);
  }
  return memberByMember(setting, perMember, random);
}

/** Each member's ritual templates not completed today (UTC, her zone), all on one connection. */
async function rituals(setting: WriteSetting, random: () => number): Promise<WriteRequest[][]> {
  const rows = await setting.sql<Array<{ member: number; ritual_id: string }>>`
    select m.n as member, r.id::text as ritual_id
    from generate_series(2, ${writers(setting)}::int) m(n)
    cross join rituals r
    where r.user_id is null and r.is_template and r.archived_at is null
      and not exists (select 1 from daily_rituals d
                      where d.user_id = 'bench-' || lpad(m.n::text, 6, '0') and d.ritual_id = r.id
                        and d.local_date = (now() at time zone 'UTC')::date)
    order by m.n, r.id`;
  const perMember = new Map<number, WriteRequest[]>();
  for (const row of rows) {
    const list = perMember.get(row.member) ?? [];
    const body = { energyLevel: between(random, 1, 5) };
    list.push(request(setting, row.member, 'POST', `/api/rituals/${row.ritual_id}/complete?tz=UTC`, body, true));
    perMember.set(row.member, list);
  }
  return memberByMember(setting, perMember, random);
}

/** Fresh community events for this run (the last run's go), and every member's first "going". */
async function rsvps(setting: WriteSetting): Promise<WriteRequest[]> {
  await setting.sql`delete from circle_events where title like ${`${RUN_EVENT_TITLE} %`}`;
  const events = await setting.sql<Array<{ id: string }>>`
    insert into circle_events (circle_id, title, description, event_date, duration_minutes, visibility, created_by)
    select (select id from circles where type = 'open' order by name limit 1), ${RUN_EVENT_TITLE} || ' ' || i,
           'A benchmark gathering under the moon.', now() + interval '7 days' + i * interval '1 hour', 60,
           'community', 'bench-000001'
    from generate_series(1, ${RUN_EVENTS}::int) i
    returning id::text as id`;
  const members = writers(setting) - 1;
  return Array.from({ length: Math.min(total(setting), members * events.length) }, (_, k) => {
    const event = events[k % events.length]?.id ?? '';
    const member = 2 + (Math.floor(k / events.length) % members);
    return request(setting, member, 'PUT', `/api/events/${event}/rsvp`, { status: 'going' });
  });
}

/** Each connection's requests for one write path, in the order it sends them. */
export async function buildWriteRequests(setting: WriteSetting, path: WritePath): Promise<WriteRequest[][]> {
  const random = seededRandom(WRITE_PATHS.indexOf(path) + 1 + Date.now());
  switch (path) {
    case 'like':
      return dealOut(await likes(setting, random), setting.connections);
    case 'comment':
      return dealOut(comments(setting, random), setting.connections);
    case 'post':
      return dealOut(posts(setting, random), setting.connections);
    case 'reply':
      return dealOut(replies(setting, random), setting.connections);
    case 'message':
      return dealOut(messages(setting), setting.connections);
    case 'lesson':
      return lessons(setting, random);
    case 'ritual':
      return rituals(setting, random);
    case 'rsvp':
      return dealOut(await rsvps(setting), setting.connections);
  }
}
