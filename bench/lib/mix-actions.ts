// The day in the life's catalogue: what a simulated member does between two pauses, as the web app's
// pages call the API (apps/web/src/features/*/api), and which real-time event each write must produce.
import { rowId } from './endpoints.ts';

/** What the load process knows of the community it runs against (read once, before the run). */
export interface MixFixtures {
  /** Generated members in the database (bench-000001 …); the simulated ones are 2 … simulated + 1. */
  members: number;
  simulated: number;
  posts: number;
  topics: number;
  /** Forum categories in generate.sql's order: topic i sits in category i % 20. */
  categoryIds: string[];
  courseIds: number[];
  ritualIds: string[];
  /** Community events made for this run, so each member's first "going" is new to the database. */
  eventIds: string[];
}

export interface Answer {
  status: number;
  body: string;
}

/** One member's side of the run: her requests (timed by the worker) and the events she expects. */
export interface MemberContext {
  /** 2 … simulated + 1. */
  n: number;
  fixtures: MixFixtures;
  read(path: string): Promise<Answer>;
  write(method: 'POST' | 'PUT', path: string, body: unknown): Promise<Answer>;
  /** The write sent at `sentAt` must bring an event with this key to member `recipient`'s stream. */
  expect(recipient: number, key: string, sentAt: number): void;
  /** What the members share in this process: the posts written during the run, who liked which, … */
  shared: SharedState;
  random(): number;
}

export interface SharedState {
  /** Posts written during the run and their authors (member numbers), newest last. */
  runPosts: Array<{ id: string; author: number }>;
  /** "post|liker": likes given during the run (each liker counts once per post, ever). */
  liked: Set<string>;
  /** "event|member": who has said "going" to which event during the run. */
  going: Set<string>;
}

export function createSharedState(): SharedState {
  return { runPosts: [], liked: new Set(), going: new Set() };
}

export const memberName = (n: number) => `bench-${String(n).padStart(6, '0')}`;
export const memberNumber = (id: string) => Number(id.slice('bench-'.length));

const pick = <T>(context: MemberContext, list: readonly T[]): T =>
  list[Math.floor(context.random() * list.length)] as T;
const between = (context: MemberContext, low: number, high: number) =>
  low + Math.floor(context.random() * (high - low + 1));
const isSimulated = (context: MemberContext, member: number) =>
  member >= 2 && member <= context.fixtures.simulated + 1 && member !== context.n;
const isOk = (answer: Answer) => answer.status >= 200 && answer.status < 300;
const parse = <T>(answer: Answer): T | undefined => {
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    return undefined;
  }
};

/** A generated post written by another simulated member (generate.sql: post i by member 1 + i % members). */
function postOfSimulatedMember(context: MemberContext): { id: string; author: number } | undefined {
  const { members, posts } = context.fixtures;
  const author = between(context, 2, context.fixtures.simulated + 1);
  if (author === context.n || author - 1 > posts) return undefined;
  const rounds = Math.max(1, Math.floor((posts - (author - 1)) / members));
  const i = author - 1 + members * between(context, 0, rounds - 1);
  return i >= 1 && i <= posts ? { id: rowId('post', i), author } : undefined;
}

/** A generated topic (generate.sql: topic i by member 1 + 3i % members, in category i % 20). */
function randomTopic(context: MemberContext): { id: string; author: number; categoryId: string } {
  const { topics, members, categoryIds } = context.fixtures;
  const i = between(context, 1, Math.max(1, topics));
  return {
    id: rowId('topic', i),
    author: 1 + ((i * 3) % members),
    categoryId: categoryIds[i % 20] ?? categoryIds[0] ?? '',
  };
}

/** Her direct conversations (generate.sql: conversation k pairs member k+1 with member k+2). */
function randomConversation(context: MemberContext): { id: string; other: number } {
  const withNext = { id: rowId('conversation', context.n - 1), other: context.n + 1 };
  if (context.n <= 2 || context.random() < 0.5) return withNext;
  return { id: rowId('conversation', context.n - 2), other: context.n - 1 };
}

/** Reads: one page's API calls, sent together as the page sends them. */
async function readPage(context: MemberContext, paths: string[]): Promise<void> {
  await Promise.all(paths.map((path) => context.read(path)));
}

export interface Action {
  name: string;
  /** Relative frequency within its kind. */
  weight: number;
  run(context: MemberContext): Promise<void>;
}

const reads: Action[] = [
  { name: 'feed', weight: 25, run: (c) => readPage(c, ['/api/posts']) },
  {
    name: 'post',
    weight: 10,
    run: (c) => {
      const post = c.shared.runPosts.at(-1 - between(c, 0, 9)) ?? postOfSimulatedMember(c);
      const id = post?.id ?? rowId('post', c.fixtures.posts);
      return readPage(c, [`/api/posts/${id}`, `/api/posts/${id}/comments`]);
    },
  },
  {
    name: 'forums',
    weight: 8,
    run: (c) =>
      readPage(c, ['/api/forums/categories', `/api/forums/categories/${pick(c, c.fixtures.categoryIds)}/topics`]),
  },
  {
    name: 'topic',
    weight: 8,
    run: (c) => {
      const topic = randomTopic(c);
      return readPage(c, [`/api/forums/topics/${topic.id}`, `/api/forums/topics/${topic.id}/replies`]);
    },
  },
  { name: 'courses', weight: 5, run: (c) => readPage(c, ['/api/courses', '/api/courses/progress']) },
  { name: 'course', weight: 5, run: (c) => readPage(c, [`/api/courses/${pick(c, c.fixtures.courseIds)}`]) },
  {
    name: 'lesson',
    weight: 5,
    run: (c) => {
      const course = pick(c, c.fixtures.courseIds);
      return readPage(c, [`/api/courses/${course}`, `/api/courses/${course}/lessons/${course}-1`]);
    },
  },
  { name: 'dashboard', weight: 5, run: (c) => readPage(c, ['/api/me/journey', '/api/me/continue']) },
  { name: 'rituals', weight: 8, run: (c) => readPage(c, ['/api/rituals?tz=UTC', '/api/rituals/journal']) },
  { name: 'notifications', weight: 8, run: (c) => readPage(c, ['/api/notifications']) },
  {
    name: 'messages',
    weight: 8,
    run: (c) => readPage(c, ['/api/conversations', `/api/conversations/${randomConversation(c).id}/messages`]),
  },
  { name: 'leaderboard', weight: 3, run: (c) => readPage(c, ['/api/leaderboard?period=week']) },
  { name: 'events', weight: 2, run: (c) => readPage(c, ['/api/events?view=all&tz=UTC']) },
];

const TEXT = 'The moon is full tonight and I feel grateful for this circle.';

async function like(c: MemberContext): Promise<void> {
  // Mostly the posts written during the run (the top of the feed): their authors hear of each new liker.
  const fresh = c.shared.runPosts
    .slice(-50)
    .filter((post) => post.author !== c.n && !c.shared.liked.has(`${post.id}|${c.n}`));
  if (fresh.length > 0 && c.random() < 0.7) {
    const post = pick(c, fresh);
    c.shared.liked.add(`${post.id}|${c.n}`);
    const sentAt = performance.now();
    const answer = await c.write('PUT', `/api/posts/${post.id}/like`, undefined);
    if (isOk(answer)) c.expect(post.author, `like:${post.id}`, sentAt);
    return;
  }
  // An older post: whether its author hears of it depends on likes before this run, so nothing is expected.
  const id = rowId('post', between(c, Math.max(1, c.fixtures.posts - 200), c.fixtures.posts));
  await c.write('PUT', `/api/posts/${id}/like`, undefined);
}

async function comment(c: MemberContext): Promise<void> {
  const fresh = c.shared.runPosts.slice(-50).filter((post) => post.author !== c.n);
  const post = fresh.length > 0 && c.random() < 0.5 ? pick(c, fresh) : postOfSimulatedMember(c);
  if (!post) return;
  const sentAt = performance.now();
  const answer = await c.write('POST', `/api/posts/${post.id}/comments`, { content: TEXT });
  const created = parse<{ id?: string }>(answer);
  if (isOk(answer) && created?.id) c.expect(post.author, `comment:${created.id}`, sentAt);
}

async function post(c: MemberContext): Promise<void> {
  const answer = await c.write('POST', '/api/posts', {
    title: 'A day in the life',
    content: TEXT,
    category: 'general',
  });
  const created = parse<{ id?: string }>(answer);
  if (isOk(answer) && created?.id) c.shared.runPosts.push({ id: created.id, author: c.n });
  if (c.shared.runPosts.length > 500) c.shared.runPosts.splice(0, 250);
}

async function reply(c: MemberContext): Promise<void> {
  const topic = randomTopic(c);
  const sentAt = performance.now();
  const answer = await c.write('POST', `/api/forums/topics/${topic.id}/replies`, { content: TEXT });
  const created = parse<{ id?: string }>(answer);
  if (isOk(answer) && created?.id && isSimulated(c, topic.author)) {
    c.expect(topic.author, `reply:${created.id}`, sentAt);
  }
}

async function message(c: MemberContext): Promise<void> {
  const conversation = randomConversation(c);
  const sentAt = performance.now();
  const answer = await c.write('POST', `/api/conversations/${conversation.id}/messages`, { content: TEXT });
  const created = parse<{ id?: string }>(answer);
  if (isOk(answer) && created?.id && isSimulated(c, conversation.other)) {
    c.expect(conversation.other, `message:${created.id}`, sentAt);
  }
}

interface LessonView {
  id: string;
  state: string;
  completedAt: string | null;
}

/** The course page first (counted as a read), then the first lesson she has not completed. */
async function completeLesson(c: MemberContext): Promise<void> {
  const course = pick(c, c.fixtures.courseIds);
  const detail = parse<{ lessons?: LessonView[] }>(await c.read(`/api/courses/${course}`));
  const lessons = detail?.lessons ?? [];
  const next = lessons.find((lesson) => lesson.state === 'available' && lesson.completedAt === null) ?? lessons[0];
  if (next) await c.write('POST', `/api/courses/${course}/lessons/${next.id}/complete`, undefined);
}

/** The rituals page first (counted as a read), then one not completed today (once a day each). */
async function completeRitual(c: MemberContext): Promise<void> {
  const today = parse<{ rituals?: Array<{ id: string }>; completedToday?: Array<{ ritualId: string }> }>(
    await c.read('/api/rituals?tz=UTC'),
  );
  const done = new Set((today?.completedToday ?? []).map((completion) => completion.ritualId));
  const open = (today?.rituals ?? []).filter((ritual) => !done.has(ritual.id));
  if (open.length === 0) return;
  await c.write('POST', `/api/rituals/${pick(c, open).id}/complete?tz=UTC`, { energyLevel: between(c, 1, 5) });
}

async function rsvp(c: MemberContext): Promise<void> {
  const eventId = pick(c, c.fixtures.eventIds);
  const status = pick(c, ['going', 'going', 'maybe', 'not_going'] as const);
  const first = status === 'going' && !c.shared.going.has(`${eventId}|${c.n}`);
  if (first) c.shared.going.add(`${eventId}|${c.n}`);
  const sentAt = performance.now();
  const answer = await c.write('PUT', `/api/events/${eventId}/rsvp`, { status });
  // Her own confirmation ("You are going"), once per member and event.
  if (isOk(answer) && first) c.expect(c.n, `rsvp:${eventId}`, sentAt);
}

const writes: Action[] = [
  { name: 'like', weight: 30, run: like },
  { name: 'comment', weight: 18, run: comment },
  { name: 'post', weight: 8, run: post },
  { name: 'reply', weight: 12, run: reply },
  { name: 'message', weight: 16, run: message },
  { name: 'lesson complete', weight: 5, run: completeLesson },
  { name: 'ritual complete', weight: 5, run: completeRitual },
  { name: 'RSVP', weight: 6, run: rsvp },
];

export const WRITE_SHARE = 0.2;

export function chooseAction(random: () => number): Action {
  const list = random() < WRITE_SHARE ? writes : reads;
  const total = list.reduce((sum, action) => sum + action.weight, 0);
  let left = random() * total;
  for (const action of list) {
    left -= action.weight;
    if (left < 0) return action;
  }
  return list[list.length - 1] as Action;
}

/**
 * The key of a real-time event as the actions above expect it, or undefined for events nobody waits
 * for. The event names its recipient by the stream it arrives on.
 */
export function eventKey(event: {
  type?: string;
  messageId?: string;
  notification?: { type?: string; data?: Record<string, unknown> };
}): string | undefined {
  if (event.type === 'message.created' && event.messageId) return `message:${event.messageId}`;
  if (event.type !== 'notification.created' || !event.notification) return undefined;
  const { type, data = {} } = event.notification;
  if (type === 'post_like' && data.postId) return `like:${data.postId}`;
  if (type === 'post_comment' && data.commentId) return `comment:${data.commentId}`;
  if (type === 'forum_reply' && data.replyId) return `reply:${data.replyId}`;
  if (type === 'event_rsvp' && data.eventId) return `rsvp:${data.eventId}`;
  return undefined;
}
