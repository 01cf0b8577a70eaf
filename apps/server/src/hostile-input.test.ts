import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember, uniqueEmail } from '../test/test-app.ts';
import { queryRows } from './db/client.ts';
import { circleEvents, circleMemberships, circles } from './db/schema/circles.ts';
import { grantRoleByEmail } from './modules/roles/service.ts';

/**
 * Hostile input to every write endpoint, as an admin with a membership (so that every guard lets the
 * request through to validation): malformed JSON, wrong types, missing and extra fields, huge strings,
 * control characters, emoji, right-to-left text, SQL and HTML. The answer is never a 5xx; a refusal is a
 * 4xx with a clear JSON error and leaves the database exactly as it was.
 * FUZZ_RUNS sets the cases per endpoint (`npm run test:stress` runs many more).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

/**
 * Tables whose rows may change on any request, refused or not: sessions are touched on use, the
 * periodic job folds counter deltas into the counters (the totals themselves are checked instead), and
 * the analytics record active days and compute today when first read.
 */
const VOLATILE_TABLES = new Set([
  'session',
  'platform_counters',
  'platform_counter_deltas',
  // A signed-in member's first request of the day records her active day, refused or not (analytics).
  'analytics_member_days',
  'analytics_daily',
  'analytics_days',
]);

let t: TestApp;
let admin: TestMember;
let writes: Array<{ method: string; path: string; fields: string[] }>;
const params: Record<string, string> = {
  courseId: '1',
  lessonId: '1-1',
  kind: 'posts',
  reaction: 'heart',
  // Issue 33's email templates (member-admin's routes use userId, the sister).
  key: 'welcome',
};
let tables: string[];

const as = (who: TestMember, method: string, url: string, payload?: unknown) =>
  t.request({ method: method as 'POST', url, cookie: who.cookie, payload: payload as object });

async function createFixtures() {
  admin = await t.signUpSubscriber();
  await grantRoleByEmail(t.database.db, admin.email, 'admin');
  const sister = await t.signUpSubscriber();
  const [circle] = await t.database.db
    .insert(circles)
    .values({ name: 'Fuzz circle', description: 'Open', type: 'open', focusArea: 'Testing', maxMembers: 20 })
    .returning();
  if (!circle) throw new Error('No circle');
  const [event] = await t.database.db
    .insert(circleEvents)
    .values({
      circleId: circle.id,
      title: 'Fuzz event',
      description: 'Soon',
      eventDate: new Date(Date.now() + 7 * 86_400_000),
      durationMinutes: 60,
      isVirtual: false,
      location: 'Here',
    })
    .returning();
  // A circle as a place (issue 34): the admin and the sister are its members (the sister to remove and to
  // name a host), and a third member's request waits for a decision.
  await t.database.db.insert(circleMemberships).values([
    { circleId: circle.id, userId: admin.id, status: 'approved' },
    { circleId: circle.id, userId: sister.id, status: 'approved' },
  ]);
  const asker = await t.signUpSubscriber();
  await as(asker, 'POST', `/api/circles/${circle.id}/join`, {});
  const request = (await as(admin, 'GET', `/api/circles/${circle.id}/requests`)).json().requests[0];
  const post = (await as(sister, 'POST', '/api/posts', { title: 'Fuzz', content: 'Post' })).json();
  const comment = (await as(sister, 'POST', `/api/posts/${post.id}/comments`, { content: 'Comment' })).json();
  const categoryId = (await as(admin, 'GET', '/api/forums/categories')).json().categories[0].id;
  const topic = (
    await as(sister, 'POST', `/api/forums/categories/${categoryId}/topics`, { title: 'Fuzz', content: 'Topic' })
  ).json();
  const reply = (await as(sister, 'POST', `/api/forums/topics/${topic.id}/replies`, { content: 'Reply' })).json();
  const ritual = (await as(admin, 'GET', '/api/rituals')).json().rituals[0];
  // A completion of the admin's, for editing her journal entry.
  const journalEntry = (await as(admin, 'POST', `/api/rituals/${ritual?.id}/complete?tz=UTC`, {})).json();
  const conversation = (await as(admin, 'POST', '/api/conversations', { userId: sister.id })).json().conversation;
  await as(sister, 'POST', `/api/conversations/${conversation.id}/messages`, { content: 'Hello' });
  const notification = (await as(admin, 'GET', '/api/notifications')).json().notifications[0];
  const courseModule = (await as(admin, 'GET', '/api/admin/courses/1')).json().modules[0];
  // A pod the admin mentors, with the sister's request pending, a goal and a meeting.
  const pod = (await as(admin, 'POST', '/api/admin/pods', { ...podBody(), mentorId: admin.id })).json();
  const podRequest = (await as(sister, 'POST', `/api/pods/${pod.id}/requests`, { note: 'Hello' })).json();
  const goal = (await as(admin, 'POST', `/api/pods/${pod.id}/goals`, { title: 'A goal' })).json().goals?.[0];
  const meeting = (await as(admin, 'POST', `/api/pods/${pod.id}/meetings`, meetingBody())).json();
  // A saved bath of the admin's, from the first ingredient of the seeded catalog.
  const ingredientId = (await as(admin, 'GET', '/api/baths/catalog')).json().ingredients[0]?.id;
  const bath = (
    await as(admin, 'POST', '/api/baths', { intention: 'rest', moonPhase: 'full_moon', ingredientIds: [ingredientId] })
  ).json();
  // A second device of the admin's, for signing one session out (account settings).
  await t.signIn(admin.email, admin.password);
  const adminSessions = (await as(admin, 'GET', '/api/account/sessions')).json().items as Array<{
    id: string;
    current: boolean;
  }>;
  const adminOtherSession = adminSessions.find((session) => !session.current)?.id;
  // An open moderation case: the admin reports the sister's profile.
  await as(admin, 'POST', '/api/reports', { targetType: 'profile', targetId: sister.id, reason: 'spam' });
  const moderationCase = (await as(admin, 'GET', '/api/moderation/cases')).json().items?.[0];
  // A device of the admin's with push notifications on (issue 32).
  const device = (await as(admin, 'POST', '/api/push/subscriptions', FUZZ_PUSH_SUBSCRIPTION)).json();
  // A coupon to deactivate (plans, issue 33).
  const coupon = (await as(admin, 'POST', '/api/admin/coupons', { ...couponBody(), code: 'FUZZFIXTURE' })).json();
  // An announcement to pin, dismiss and delete (issue 33), not emailed.
  const announcement = (
    await as(admin, 'POST', '/api/admin/announcements', {
      ...announcementBody(),
      title: 'Fuzz fixture',
      sendEmail: false,
    })
  ).json();
  Object.assign(params, {
    caseId: moderationCase?.id,
    announcementId: announcement?.id,
    userId: sister.id,
    circleId: circle.id,
    eventId: event?.id,
    requestId: request?.id,
    postId: post.id,
    commentId: comment.id,
    categoryId,
    topicId: topic.id,
    replyId: reply.id,
    ritualId: ritual?.id,
    entryId: journalEntry?.id,
    conversationId: conversation.id,
    notificationId: notification?.id,
    moduleId: courseModule?.id,
    podId: pod.id,
    membershipId: podRequest.membershipId,
    goalId: goal?.id,
    meetingId: meeting.id,
    ingredientId,
    bathId: bath.id,
    sessionId: adminOtherSession,
    deviceId: device?.id,
    couponId: coupon?.id,
  });
  for (const [name, value] of Object.entries(params)) if (!value) throw new Error(`No fixture for ${name}`);
}

beforeAll(async () => {
  // No timed jobs: every check compares the whole database before and after one request.
  t = await createTestApp({}, { periodicJobs: false });
  await createFixtures();
  const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }>
    >;
  };
  writes = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        fields: Object.keys(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      })),
  );
  // What removes or ends the fixtures goes last, so that the rest meets them alive.
  const destructive = (w: { method: string; path: string }) => w.method === 'DELETE' || w.path.endsWith('/cancel');
  writes.sort((a, b) => Number(destructive(a)) - Number(destructive(b)));
  tables = (
    await queryRows<{ table_name: string }>(
      t.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
          order by table_name`,
    )
  )
    .map((row) => row.table_name)
    .filter((name) => !VOLATILE_TABLES.has(name));
  await watchRowWrites();
}, 120_000);
afterAll(async () => t?.close());

/** Every maintained total as it reads (folded value plus pending deltas), which folding leaves alone. */
const MAINTAINED_TOTALS = sql`select md5(coalesce(string_agg(key || '=' || total, '|' order by key), '')) from (
    select key, sum(value) as total from (
      select key, value from platform_counters union all select key, delta from platform_counter_deltas
    ) parts group by key) totals`;

/**
 * What a refused request must leave exactly as it was. Test-only row triggers count each row written to a
 * watched table, and roll back with the write: one small query per check instead of fingerprinting all 70
 * tables (the fuzz runs thousands of cases). Rewriting a row with its own values counts as a change too.
 */
async function watchRowWrites() {
  await queryRows(t.database.db, sql`create table fuzz_row_writes (table_name text primary key, rows bigint not null)`);
  await queryRows(
    t.database.db,
    sql.raw(`create function fuzz_note_row_write() returns trigger language plpgsql as $$
      begin
        insert into fuzz_row_writes values (tg_table_name, 1)
          on conflict (table_name) do update set rows = fuzz_row_writes.rows + 1;
        return null;
      end $$`),
  );
  for (const name of tables) {
    await queryRows(
      t.database.db,
      sql`create trigger fuzz_note_row_write after insert or update or delete on ${sql.identifier(name)}
          for each row execute function fuzz_note_row_write()`,
    );
  }
}

/** Rows written so far per watched table, and the maintained totals: what a refused request must not move. */
async function writeCounts(): Promise<Record<string, string>> {
  const rows = await queryRows<{ name: string; count: string }>(
    t.database.db,
    sql`select table_name as name, rows::text as count from fuzz_row_writes
        union all select 'maintained_totals', (${MAINTAINED_TOTALS})`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.count]));
}

/** The watched tables (and the totals) whose counts differ between two `writeCounts()`. */
const changedBetween = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(after).filter((name) => before[name] !== after[name]);

const HOSTILE_STRINGS = [
  "'; drop table posts; --",
  "' or '1'='1",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '\u0000',
  'line\r\nbreak\u0007bell',
  '\u202Eevil\u202C',
  'مرحبا بالأخوات',
  '🌙✨👩‍👩‍👧 ',
  '   ',
  '',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '\uD800',
  'x'.repeat(100_000),
];

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'binary', maxLength: 40 }));
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

const MALFORMED_JSON = ['{"title": ', '[1,2', '{"a":1}}', 'nul', "{'single': 1}", '\u0000', '{"content": "\\ud800"}'];

type Payload = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };
const payloadFor = (fields: string[]): fc.Arbitrary<Payload> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .dictionary(fc.constantFrom(...fields, 'extra', '__proto__', 'constructor', 'id', 'userId'), hostileValue, {
          maxKeys: fields.length + 2,
        })
        .map((value) => ({ kind: 'json' as const, value })),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => ({ kind: 'json' as const, value })) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON).map((text) => ({ kind: 'raw' as const, text })) },
  );

const fill = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? name);

/**
 * Routes whose body is a file, not JSON (media uploads): JSON is refused with 415 before it is read, and
 * query strings are tried with a real upload (an admin's lesson file), so that validation is reached.
 */
const RAW_BODY_ROUTES: Record<string, { url: string; body: Buffer }> = {
  'POST /api/media/{kind}': { url: '/api/media/lesson_file', body: Buffer.from('%PDF-1.4\n%%EOF\n') },
};

describe('text fields and query strings refuse NUL, control and direction characters', () => {
  const clearError = (body: string) => {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    return typeof parsed.error?.code === 'string' && typeof parsed.error.message === 'string';
  };

  it('in every text field of every write endpoint, auth included: 400, nothing changed, nothing invisible stored', async () => {
    const routes = await documentedRoutes();
    const bodies = validBodies();
    const targets = [
      ...routes
        .filter((route) => route.method !== 'GET' && route.textFields.length > 0)
        .map((route) => ({ key: `${route.method} ${route.path}`, fields: route.textFields })),
      ...Object.entries(AUTH_TEXT_FIELDS).map(([key, fields]) => ({ key, fields })),
    ];
    expect(targets.length).toBeGreaterThan(15);
    const failures: string[] = [];
    for (const { key, fields } of targets) {
      const body = bodies[key];
      if (!body) {
        failures.push(`${key}: no valid body in validBodies()`);
        continue;
      }
      const [method, path] = key.split(' ') as ['POST', string];
      const send = (payload: Record<string, unknown>) =>
        t.request({ method, url: fill(path), cookie: admin.cookie, payload });
      for (const field of fields) {
        for (const [kind, values] of Object.entries(REFUSED_TEXT)) {
          for (const value of values) {
            const before = await writeCounts();
            const response = await send({ ...body(), [field]: value });
            const label = `${key} ${field}=${JSON.stringify(value)} (${kind}) → ${response.statusCode}`;
            if (response.statusCode !== 400 || !clearError(response.body)) failures.push(`${label} ${response.body}`);
            const after = await writeCounts();
            const changed = changedBetween(before, after);
            if (changed.length > 0) failures.push(`${label}: changed ${changed.join(', ')}`);
          }
        }
        const response = await send({ ...body(), [field]: INVISIBLE });
        if (response.statusCode >= 500) failures.push(`${key} ${field}=invisible → ${response.statusCode}`);
        const stored = await storedAnywhere('\u200B');
        if (stored.length > 0) failures.push(`${key} ${field}=invisible: stored in ${stored.join(', ')}`);
      }
      // The body itself passes validation, so each refusal above was the hostile field's.
      const response = await send(body());
      if (response.statusCode >= 500 || response.json().error?.code === 'VALIDATION_ERROR') {
        failures.push(`${key}: the valid body was refused: ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('in every string query parameter: 400 (invisible text never a 5xx)', async () => {
    const routes = (await documentedRoutes()).filter((route) => route.queryText.length > 0);
    expect(routes.flatMap((route) => route.queryText)).toEqual(expect.arrayContaining(['q', 'search', 'cursor', 'tz']));
    const bodies = validBodies();
    const failures: string[] = [];
    for (const route of routes) {
      for (const name of route.queryText) {
        const raw = RAW_BODY_ROUTES[`${route.method} ${route.path}`];
        for (const value of [...Object.values(REFUSED_TEXT).flat(), INVISIBLE]) {
          const response = await t.request({
            method: route.method,
            url: `${raw?.url ?? fill(route.path)}?${name}=${encodeURIComponent(value)}`,
            cookie: admin.cookie,
            ...(raw
              ? { headers: { 'content-type': 'application/octet-stream' }, payload: raw.body }
              : route.method === 'GET'
                ? {}
                : { payload: bodies[`${route.method} ${route.path}`]?.() ?? {} }),
          });
          const expected = value === INVISIBLE ? response.statusCode < 500 : response.statusCode === 400;
          if (!expected || (response.statusCode >= 400 && !clearError(response.body))) {
            failures.push(`${route.method} ${route.path}?${name}=${JSON.stringify(value)} → ${response.statusCode}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('ids and cursors out of range', () => {
  const GARBAGE_IDS = [
    '2147483648',
    '-1',
    '0',
    '1e309',
    '..%2F..%2Fetc%2Fpasswd',
    '%2E%2E',
    'x'.repeat(300),
    'x'.repeat(90),
    '0b6b1c52-77a1-5e0f-9c59-2d9f8f2a1b3c',
    '1',
    '%00',
    'a%1Bb',
    "1'%20or%201%3D1",
    '%F0%9F%8C%99',
  ];

  it('gives a 4xx, never a 5xx, for every path parameter of every route', async () => {
    const routes = (await documentedRoutes()).filter((route) => route.pathParams.length > 0);
    expect(routes.length).toBeGreaterThan(30);
    const bodies = validBodies();
    const failures: string[] = [];
    for (const route of routes) {
      for (const { name, pattern, enum: values } of route.pathParams) {
        for (const value of GARBAGE_IDS) {
          // A value of the right form (a UUID for a UUID, 1 for a course) is no garbage: any non-5xx will do.
          const decoded = decodeURIComponent(value);
          const wellFormed = pattern ? new RegExp(pattern).test(decoded) : (values?.includes(decoded) ?? false);
          const url = route.path.replace(/\{(\w+)\}/g, (_, param: string) =>
            param === name ? value : (params[param] ?? param),
          );
          const write = route.method !== 'GET';
          const before = write ? await writeCounts() : undefined;
          const response = await t.request({
            method: route.method,
            url,
            cookie: admin.cookie,
            ...(write ? { payload: bodies[`${route.method} ${route.path}`]?.() ?? {} } : {}),
          });
          const label = `${route.method} ${url.slice(0, 120)} → ${response.statusCode}`;
          // "%2E%2E" is a dot segment to URL parsing (as in browsers): /api/circles/%2E%2E/posts is /api/posts,
          // another route, which may well answer 200. Only a 5xx counts there.
          const leftTheRoute = new URL(url, 'http://localhost').pathname.split('/').length !== url.split('/').length;
          if ((!wellFormed && !leftTheRoute && response.statusCode < 400) || response.statusCode >= 500) {
            failures.push(`${label} ${response.body.slice(0, 200)}`);
          }
          if (before && response.statusCode >= 400) {
            const after = await writeCounts();
            const changed = changedBetween(before, after);
            if (changed.length > 0) failures.push(`${label}: changed ${changed.join(', ')}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  const UUID = '0b6b1c52-77a1-5e0f-9c59-2d9f8f2a1b3c';
  const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const FORGED_CURSORS = [
    forge({}),
    forge([]),
    forge(null),
    forge('x'),
    forge([true, '1', UUID, 'extra']),
    forge([true, '1e400', UUID]),
    forge([true, '99999999999999999999999', UUID]),
    forge([true, 17950000000000000, UUID]),
    forge(['-1', UUID]),
    forge(['1.5', UUID]),
    // Neither a UUID nor a member id (a member id may well read "not-a-uuid": /api/blocks pages on one).
    forge(['1795000000000000', 'not a uuid!']),
    forge(['2026-02-31T00:00:00.000Z', UUID]),
    forge(['2026-02-31T00:00:00.000Z', 'memberid']),
    forge(['+275760-09-13T00:00:00.000Z', 'memberid']),
    forge(['2026-11-23T10:00:00.000Z', 'a\u0000b']),
    forge(['2026-11-23T10:00:00.000Z', `${UUID}\u0000`]),
    forge([false, '1', `${UUID}' or 1=1 --`]),
    'not+base64/at=all',
    'x'.repeat(5000),
  ];

  it('answers 400 to forged cursors on every route that pages with one', async () => {
    const routes = (await documentedRoutes()).filter((route) => route.queryText.includes('cursor'));
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const failures: string[] = [];
    for (const route of routes) {
      for (const cursor of FORGED_CURSORS) {
        const response = await t.request({
          method: route.method,
          url: `${fill(route.path)}?cursor=${encodeURIComponent(cursor)}`,
          cookie: admin.cookie,
        });
        if (response.statusCode !== 400) {
          failures.push(
            `${route.path} ${Buffer.from(cursor, 'base64url').toString().slice(0, 80)} → ${response.statusCode}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('JSON nesting depth', () => {
  const AUTH_ROUTES = [
    '/api/auth/sign-up/email',
    '/api/auth/sign-in/email',
    '/api/auth/request-password-reset',
    '/api/auth/reset-password',
    '/api/auth/update-user',
    '/api/auth/change-password',
    '/api/auth/change-email',
    '/api/auth/send-verification-email',
    '/api/auth/sign-out',
    '/api/auth/revoke-session',
    '/api/auth/revoke-other-sessions',
    '/api/auth/two-factor/enable',
    '/api/auth/two-factor/verify-totp',
    '/api/auth/two-factor/verify-backup-code',
    '/api/auth/two-factor/generate-backup-codes',
    '/api/auth/two-factor/disable',
  ];
  const nested = (depth: number) => `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`;

  it('refuses a deeply nested body on every route that takes one, auth routes included, with a 400', async () => {
    const routes = (await documentedRoutes())
      .filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method))
      .filter((route) => !RAW_BODY_ROUTES[`${route.method} ${route.path}`])
      .map((route) => ({ method: route.method, url: fill(route.path) }));
    const targets = [...routes, ...AUTH_ROUTES.map((url) => ({ method: 'POST' as const, url }))];
    const failures: string[] = [];
    for (const { method, url } of targets) {
      // better-auth endpoints this server does not offer answer 404 to any body: nothing to overflow there.
      const offered = (await t.request({ method, url, payload: {} })).statusCode !== 404;
      for (const depth of [33, 50_000]) {
        const before = await writeCounts();
        const response = await t.request({
          method,
          url,
          cookie: admin.cookie,
          headers: { 'content-type': 'application/json' },
          payload: nested(depth),
        });
        const message = response.statusCode === 400 ? response.json().error?.message : undefined;
        if (message !== 'The request body is nested too deeply' && (offered || response.statusCode !== 404)) {
          failures.push(`${method} ${url} depth ${depth} → ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
        const after = await writeCounts();
        if (changedBetween(before, after).length > 0) {
          failures.push(`${method} ${url} depth ${depth}: changed the database`);
        }
      }
    }
    // A route that takes a file refuses any JSON, however deep, before reading it.
    for (const { url } of Object.values(RAW_BODY_ROUTES)) {
      const before = await writeCounts();
      const response = await t.request({
        method: 'POST',
        url,
        cookie: admin.cookie,
        headers: { 'content-type': 'application/json' },
        payload: nested(50_000),
      });
      if (response.statusCode !== 415) failures.push(`POST ${url} nested JSON → ${response.statusCode}`);
      const after = await writeCounts();
      if (changedBetween(before, after).length > 0) {
        failures.push(`POST ${url} nested JSON: changed the database`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('still parses ordinary bodies, refuses prototype poisoning and keeps the 1 MiB limit', async () => {
    const nestedButFine = await t.request({
      method: 'POST',
      url: '/api/posts',
      cookie: admin.cookie,
      headers: { 'content-type': 'application/json' },
      payload: `{"title":"Brackets [{ in text }]","content":${JSON.stringify('['.repeat(500))},"extra":${'['.repeat(30)}${']'.repeat(30)}}`,
    });
    expect(nestedButFine.statusCode).toBe(200);
    const poisoned = await t.request({
      method: 'POST',
      url: '/api/posts',
      cookie: admin.cookie,
      headers: { 'content-type': 'application/json' },
      payload: '{"title":"t","content":"c","__proto__":{"isAdmin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    const huge = await t.request({
      method: 'POST',
      url: '/api/posts',
      cookie: admin.cookie,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 't', content: 'x'.repeat(1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
  });
});

// Last: with FUZZ_RUNS in the hundreds it uses up the per-member send limits (messages: 60 a minute),
// which would turn the class checks above into 429s.
describe('hostile input to every write endpoint', () => {
  it('finds the write endpoints', () => {
    expect(writes.length).toBeGreaterThan(40);
  });

  it('is never a 5xx; a refusal is a clear JSON error that changes nothing', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const write of writes) {
      await fc.assert(
        fc.asyncProperty(payloadFor(write.fields), fc.boolean(), async (payload, forgedParams) => {
          // Sometimes the path's ids are hostile too.
          const url = forgedParams
            ? write.path.replace(/\{\w+\}/g, encodeURIComponent("1' or 1=1 --"))
            : fill(write.path);
          const before = await writeCounts();
          const response = await t.request({
            method: write.method as 'POST',
            url,
            cookie: admin.cookie,
            headers: { 'content-type': 'application/json' },
            payload: payload.kind === 'raw' ? payload.text : JSON.stringify(payload.value),
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const label = `${write.method} ${url} ${JSON.stringify(payload).slice(0, 200)} → ${response.statusCode}`;
          if (response.statusCode >= 500) {
            failures.push(`${label}: ${response.body.slice(0, 200)}`);
            return;
          }
          if (response.statusCode < 400) return;
          const body = response.json() as { error?: { code?: unknown; message?: unknown } };
          if (typeof body.error?.code !== 'string' || typeof body.error.message !== 'string' || !body.error.message) {
            failures.push(`${label}: no clear error: ${response.body.slice(0, 200)}`);
          }
          const after = await writeCounts();
          const changed = changedBetween(before, after);
          if (changed.length > 0) failures.push(`${label}: refused but changed ${changed.join(', ')}`);
        }),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261121) },
      );
    }
    // Some cases got through to the handlers (not every one stopped at the door), and their rows were seen.
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
    expect(Object.keys(await writeCounts()).length).toBeGreaterThan(1);
    if (process.env.FUZZ_REPORT) process.stdout.write(`${JSON.stringify(Object.fromEntries(statuses))}\n`);
    expect(failures).toEqual([]);
  }, 600_000);
});

interface Operation {
  parameters?: Array<{ in: string; name: string; schema?: { type?: string; pattern?: string; enum?: string[] } }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }> };
}
/** Every route of the OpenAPI document, with its string body fields and its string query parameters. */
async function documentedRoutes() {
  const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      path,
      textFields: Object.entries(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {})
        .filter(([, schema]) => schema.type === 'string')
        .map(([name]) => name),
      queryText: (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query' && parameter.schema?.type === 'string')
        .map((parameter) => parameter.name),
      pathParams: (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => ({ name: parameter.name, ...parameter.schema })),
    })),
  );
}

/** Whether any row of any table holds `text` (an invisible value must not be stored). */
async function storedAnywhere(text: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of tables) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ${sql.identifier(name)} x where strpos(x::text, ${text}) > 0`,
    );
    if (row && row.n > 0) found.push(name);
  }
  return found;
}

/** A body each write endpoint accepts (past validation), so that one hostile field is the only fault. */
const ritualTemplateBody = () => ({
  title: 'A ritual',
  description: 'Calm',
  instructions: 'Breathe',
  durationMinutes: 10,
  category: 'Meditation',
  moonPhase: 'full_moon',
});
/** A browser's push subscription: a real P-256 public key and a 16-byte auth secret. */
const FUZZ_PUSH_SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz',
  keys: {
    p256dh: (() => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return ecdh.getPublicKey().toString('base64url');
    })(),
    auth: randomBytes(16).toString('base64url'),
  },
};
const forumCategoryBody = () => ({ name: 'A category', description: 'Talk', icon: 'Moon', color: 'rose' });

const couponBody = () => ({
  code: 'FUZZ10',
  kind: 'percent',
  value: 10,
  duration: 'once',
  durationMonths: null,
  maxRedemptions: null,
  expiresAt: null,
  plan: null,
});

const announcementBody = () => ({ title: 'News', body: 'A **new** moon', audience: 'all', sendEmail: false });

const validBodies = (): Record<string, () => Record<string, unknown>> => ({
  // Announcements (issue 33): repeats of the same words meet the duplicate guard's 409.
  'POST /api/admin/announcements': () => announcementBody(),
  'PUT /api/admin/announcements/{announcementId}/pin': () => ({ isPinned: true }),
  // Plans (issue 33): the admin is a member already, so a valid checkout or test payment meets a 409.
  'PUT /api/admin/plans': () => ({
    monthlyCents: 5500,
    yearlyEnabled: false,
    yearlyCents: null,
    trialDays: 0,
    stripeMonthlyPriceId: null,
    stripeYearlyPriceId: null,
  }),
  'POST /api/admin/coupons': () => couponBody(),
  'POST /api/billing/quote': () => ({ plan: 'month' }),
  'POST /api/billing/checkout': () => ({ plan: 'month' }),
  'POST /api/billing/test/complete': () => ({ plan: 'month' }),
  // Billing history (issue 33): the first valid cancellation cancels the admin's membership (later ones
  // meet a 409); a pause is refused while the owner does not offer one (403).
  'POST /api/billing/cancellation': () => ({ reason: 'other', note: 'A note' }),
  'POST /api/billing/pause': () => ({ months: 1 }),
  'PUT /api/admin/cancellation-settings': () => ({ pauseEnabled: false, maxPauseMonths: 3 }),
  'PUT /api/users/{userId}/role': () => ({ role: 'user' }),
  // Issue 33: member administration and email templates (grants after the first meet a 409).
  'POST /api/admin/members/{userId}/complimentary': () => ({ months: 1 }),
  'PUT /api/admin/email-templates/{key}': () => ({ subject: 'A subject', body: 'Hello {{name}}: {{link}}' }),
  'POST /api/admin/email-templates/{key}/preview': () => ({ subject: 'A subject', body: 'Hello {{link}}' }),
  'POST /api/admin/email-templates/{key}/test': () => ({ subject: 'A subject', body: 'Hello {{link}}' }),
  // Suspends the sister once (later valid bodies meet a 409: she is suspended already); lifting comes last.
  'POST /api/moderation/members/{userId}/suspensions': () => ({
    reason: 'A reason',
    length: { kind: 'days', days: 1 },
  }),
  'POST /api/posts': () => ({ title: 'A title', content: 'Some words', category: 'general' }),
  'POST /api/posts/{postId}/comments': () => ({ content: 'A comment' }),
  'PATCH /api/posts/{postId}': () => ({ title: 'A title', content: 'Some words' }),
  'PATCH /api/comments/{commentId}': () => ({ content: 'A comment' }),
  'PUT /api/profiles/me': () => ({ displayName: 'Fuzz Sister', bio: 'A bio' }),
  'PUT /api/account/profile': () => ({ displayName: 'Fuzz Sister', bio: 'A bio' }),
  'POST /api/push/subscriptions': () => ({
    ...FUZZ_PUSH_SUBSCRIPTION,
    endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz-2',
  }),
  'DELETE /api/push/subscriptions': () => ({ endpoint: FUZZ_PUSH_SUBSCRIPTION.endpoint }),
  'PUT /api/account/theme': () => ({ theme: 'dark' }),
  // A wrong password: valid, refused with 400 after validation, and nothing is deleted.
  'POST /api/account/delete': () => ({ password: 'not-the-password', keepContent: true, confirmation: 'DELETE' }),
  'POST /api/forums/categories/{categoryId}/topics': () => ({ title: 'A topic', content: 'To discuss' }),
  'PATCH /api/forums/topics/{topicId}': () => ({ title: 'A topic', content: 'To discuss' }),
  'POST /api/forums/topics/{topicId}/replies': () => ({ content: 'A reply' }),
  'PATCH /api/forums/replies/{replyId}': () => ({ content: 'A reply' }),
  'PUT /api/events/{eventId}/rsvp': () => ({ status: 'maybe' }),
  'POST /api/rituals': () => ({
    title: 'A ritual',
    description: 'Calm',
    instructions: 'Breathe',
    durationMinutes: 10,
    moonPhase: 'full_moon',
  }),
  'POST /api/rituals/{ritualId}/complete': () => ({ mood: 'calm', energyLevel: 3, notes: 'Felt calm' }),
  'PATCH /api/rituals/journal/{entryId}': () => ({ mood: 'calm', energyLevel: 4, notes: 'Felt calmer' }),
  // The fixture ritual is a template: a valid body is refused with 403 after validation.
  'PATCH /api/rituals/{ritualId}': () => ({
    title: 'A ritual',
    description: 'Calm',
    instructions: 'Breathe',
    durationMinutes: 10,
    moonPhase: 'full_moon',
  }),
  'POST /api/admin/events': () => eventBody(),
  // Saves carrying a version no row has: valid, refused with 409 after validation, and nothing changes.
  'POST /api/admin/courses': () => ({ title: 'A course' }),
  'PATCH /api/admin/courses/{courseId}': () => ({
    version: 999_999,
    title: 'A course',
    summary: 'S',
    description: 'D',
  }),
  'POST /api/admin/courses/{courseId}/status': () => ({ version: 999_999, status: 'draft' }),
  'POST /api/admin/courses/{courseId}/modules': () => ({ title: 'A module' }),
  'PATCH /api/admin/modules/{moduleId}': () => ({ title: 'A module' }),
  'POST /api/admin/modules/{moduleId}/lessons': () => ({ title: 'A lesson', durationMinutes: 10 }),
  'PATCH /api/admin/lessons/{lessonId}': () => ({
    version: 999_999,
    title: 'A lesson',
    description: 'Short',
    bodyMarkdown: 'Text',
    videoLink: 'https://youtu.be/dQw4w9WgXcQ',
  }),
  'POST /api/admin/rituals': () => ritualTemplateBody(),
  'PATCH /api/admin/rituals/{ritualId}': () => ({ version: 999_999, ...ritualTemplateBody() }),
  'POST /api/admin/forum-categories': () => forumCategoryBody(),
  'PATCH /api/admin/forum-categories/{categoryId}': () => ({ version: 999_999, ...forumCategoryBody() }),
  'PUT /api/admin/events/{eventId}': () => eventBody(),
  'POST /api/admin/circles': () => circleBody(),
  // A circle's own routes (issue 34): naming a host; its hosts' and admins' events (the circle is the path's).
  'PUT /api/circles/{circleId}/members/{userId}/role': () => ({ role: 'host' }),
  'POST /api/circles/{circleId}/events': () => circleEventBody(),
  'PUT /api/circles/{circleId}/events/{eventId}': () => circleEventBody(),
  'PUT /api/admin/circles/{circleId}': () => circleBody(),
  'POST /api/assessment/claim': () => ({ token: 'a'.repeat(43) }),
  'POST /api/admin/pods': () => podBody(),
  // A version no pod has: valid, refused with 409 after validation.
  'PUT /api/admin/pods/{podId}': () => ({ version: 999_999, ...podBody() }),
  'POST /api/pods/{podId}/requests': () => ({ note: 'May I join?' }),
  'POST /api/pods/{podId}/goals': () => ({ title: 'A goal' }),
  'PATCH /api/pods/{podId}/goals/{goalId}': () => ({ title: 'A goal', isDone: true }),
  'POST /api/pods/{podId}/meetings': () => meetingBody(),
  'POST /api/baths': () => ({ intention: 'love', moonPhase: 'new_moon', ingredientIds: [params.ingredientId] }),
  'POST /api/baths/{bathId}/share': () => ({ note: 'My bath' }),
  'POST /api/admin/bath-ingredients': () => bathIngredientBody(),
  // A version no ingredient has: valid, refused with 409 after validation.
  'PATCH /api/admin/bath-ingredients/{ingredientId}': () => ({ version: 999_999, ...bathIngredientBody() }),
  'POST /api/conversations': () => ({ userId: params.userId }),
  // Moderation (issue 30): a report of the sister's post; the queue's actions on the fixture case.
  'POST /api/reports': () => ({ targetType: 'post', targetId: params.postId, reason: 'other', note: 'Unkind' }),
  'POST /api/moderation/cases/{caseId}/warn': () => ({ message: 'Please be kind' }),
  'POST /api/moderation/cases/{caseId}/suspend': () => ({ reason: 'Repeated unkindness', days: 3 }),
  'PUT /api/moderation/settings': () => ({ hideThreshold: 3 }),
  'POST /api/conversations/{conversationId}/messages': () => ({ content: 'Hello' }),
  // better-auth's routes are not in the document: their text fields are listed here.
  'POST /api/auth/sign-up/email': () => ({ email: uniqueEmail('hostile'), password: 'moonlight', name: 'Luna' }),
  'POST /api/auth/sign-in/email': () => ({ email: admin.email, password: admin.password, callbackURL: '/dashboard' }),
  'POST /api/auth/request-password-reset': () => ({ email: admin.email, redirectTo: '/reset-password' }),
  'POST /api/auth/reset-password': () => ({ newPassword: 'moonlight', token: 'a-reset-token' }),
  // Two-factor codes (the admin has it off: a well-formed code reaches better-auth and is refused there).
  'POST /api/auth/two-factor/verify-totp': () => ({ code: '123456', trustDevice: false }),
  'POST /api/auth/two-factor/verify-backup-code': () => ({ code: 'abcde-12345' }),
});
// change-email's text fields (its limit is 5 an hour per member) are tried in auth/change-email.test.ts.
const AUTH_TEXT_FIELDS: Record<string, string[]> = {
  'POST /api/auth/sign-up/email': ['email', 'name', 'callbackURL'],
  'POST /api/auth/sign-in/email': ['email', 'callbackURL'],
  'POST /api/auth/request-password-reset': ['email', 'redirectTo'],
  'POST /api/auth/reset-password': ['token'],
  'POST /api/auth/two-factor/verify-totp': ['code'],
  'POST /api/auth/two-factor/verify-backup-code': ['code'],
};
const eventBody = () => ({
  circleId: params.circleId,
  title: 'An event',
  description: 'Together',
  eventDate: new Date(Date.now() + 14 * 86_400_000).toISOString(),
  durationMinutes: 60,
  isVirtual: true,
  meetingLink: 'https://meet.example/lunara',
  location: null,
  maxAttendees: 20,
});
const circleEventBody = () => {
  const { circleId: _inThePath, ...body } = eventBody();
  return { ...body, visibility: 'circle' };
};
const podBody = () => ({
  name: 'A pod',
  description: 'Together',
  focus: 'Testing',
  capacity: 4,
  mentorId: params.userId,
  isOpen: true,
});
const meetingBody = () => ({
  title: 'A meeting',
  description: 'Check-in',
  startsAt: new Date(Date.now() + 14 * 86_400_000).toISOString(),
  durationMinutes: 60,
  meetingLink: 'https://meet.example/pod',
  location: null,
});
const bathIngredientBody = () => ({
  kind: 'herb',
  name: 'A bath herb',
  properties: 'Calming',
  amount: 'a handful',
  caution: 'Patch-test first',
  cautionTags: ['pregnancy'],
  intentions: ['rest'],
  moonPhases: ['full_moon'],
  isActive: true,
});
const circleBody = () => ({
  name: 'A circle',
  description: 'For us',
  type: 'open',
  focusArea: 'Testing',
  maxMembers: 10,
  isActive: true,
});

/** Text PostgreSQL refuses (NUL), text that drives terminals or breaks lines, and text that disguises itself. */
const REFUSED_TEXT = {
  nul: ['a\u0000b', '\u0000'],
  control: ['a\u001b[31mb', 'bell\u0007', 'line\rbreak', 'a\u0085b', 'a\u007fb', 'a\u0008b'],
  bidi: ['file\u202Etxt.exe', 'a\u202Db'],
};
const INVISIBLE = '\u200B\u200C\u2060\uFEFF';
