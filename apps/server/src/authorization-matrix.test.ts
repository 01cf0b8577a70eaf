import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../test/event-stream.ts';
import { createTestApp, type TestApp, type TestMember } from '../test/test-app.ts';
import { grantRoleByEmail } from './modules/roles/service.ts';

/**
 * Who may call what: every route of the OpenAPI document, as each kind of caller. "ok" means the
 * guard let the caller through (any answer but 401/403, and never a 5xx); a number is the exact
 * refusal. A route added without a row here fails the first test.
 */
type Caller = 'anonymous' | 'free' | 'subscriber' | 'moderator' | 'admin';
type Expect = 'ok' | 401 | 403;
type Row = Record<Caller, Expect>;

const CALLERS: Caller[] = ['anonymous', 'free', 'subscriber', 'moderator', 'admin'];
const row = (anonymous: Expect, free: Expect, subscriber: Expect, moderator: Expect, admin: Expect): Row => ({
  anonymous,
  free,
  subscriber,
  moderator,
  admin,
});

const everyone = row('ok', 'ok', 'ok', 'ok', 'ok');
const signedIn = row(401, 'ok', 'ok', 'ok', 'ok');
/** Courses: paying members only (spec: admins are not let into the course pages, nor unpaid moderators). */
const subscribers = row(401, 403, 'ok', 403, 403);
/** The community and rituals: paying members and staff, who reach what they moderate (decision 016). */
const community = row(401, 403, 'ok', 'ok', 'ok');
const moderators = row(401, 403, 403, 'ok', 'ok');
const admins = row(401, 403, 403, 403, 'ok');

interface Rule {
  access: Row;
  /** It changes the caller's own membership: each caller is a fresh account for it. */
  fresh?: boolean;
}

const MATRIX: Record<string, Rule> = {
  'GET /api/health': { access: everyone },
  'GET /api/ready': { access: everyone },
  'GET /api/config': { access: everyone },
  'GET /api/me': { access: everyone },
  // Account settings (issue 30): her own sessions (another member's session id is a 404, below); the
  // owner's posting rule, read by every member for the banner, set by admins.
  'GET /api/account/sessions': { access: signedIn },
  'PUT /api/account/profile': { access: signedIn },
  'PUT /api/account/theme': { access: signedIn },
  'DELETE /api/account/sessions/{sessionId}': { access: signedIn },
  // Her data (issue 30): exports and deletion are her own; another member's export is a 404
  // (account-data/account-data.test.ts), deletion needs her password.
  'GET /api/account/export': { access: signedIn },
  'POST /api/account/export': { access: signedIn },
  'GET /api/account/exports/{exportId}/download': { access: signedIn },
  'POST /api/account/delete': { access: signedIn },
  'GET /api/posting-rules': { access: signedIn },
  'PUT /api/admin/posting-rules': { access: admins },
  'PUT /api/users/{userId}/role': { access: admins },
  // Suspensions (issue 30): moderators suspend up to 7 days, admins also longer, permanently and lift;
  // which targets and lengths each may choose is the service's check (suspensions/suspensions.test.ts).
  'POST /api/moderation/members/{userId}/suspensions': { access: moderators },
  'GET /api/moderation/members/{userId}/suspensions': { access: moderators },
  'DELETE /api/moderation/members/{userId}/suspensions/current': { access: admins },
  // Reports and the moderation queue (issue 30): a member reports what she can see (the service's check,
  // moderation/moderation.test.ts); moderators and admins review; admins set the hiding threshold.
  'POST /api/reports': { access: community },
  'GET /api/moderation/cases': { access: moderators },
  'POST /api/moderation/cases/{caseId}/dismiss': { access: moderators },
  'POST /api/moderation/cases/{caseId}/delete': { access: moderators },
  'POST /api/moderation/cases/{caseId}/warn': { access: moderators },
  'POST /api/moderation/cases/{caseId}/suspend': { access: moderators },
  'GET /api/moderation/settings': { access: moderators },
  'PUT /api/moderation/settings': { access: admins },

  'GET /api/billing/subscription': { access: everyone },
  'POST /api/billing/checkout': { access: signedIn, fresh: true },
  'POST /api/billing/portal': { access: signedIn, fresh: true },
  'POST /api/billing/test/complete': { access: signedIn, fresh: true },
  'POST /api/billing/test/cancel': { access: signedIn, fresh: true },
  'POST /api/billing/test/resume': { access: signedIn, fresh: true },
  // Plans (issue 33): her quote before paying; the plans and coupons are the owner's (admins only).
  'POST /api/billing/quote': { access: signedIn },
  'GET /api/admin/plans': { access: admins },
  'PUT /api/admin/plans': { access: admins },
  'GET /api/admin/coupons': { access: admins },
  'POST /api/admin/coupons': { access: admins },
  'POST /api/admin/coupons/{couponId}/deactivate': { access: admins },
  // Billing history (issue 33): her own receipts (another member's receipt is a 404,
  // invoices/invoices.test.ts), her membership's cancel with a reason and pause; the owner's pause offer.
  'GET /api/billing/invoices': { access: signedIn },
  'GET /api/billing/invoices/{invoiceId}/receipt.pdf': { access: signedIn },
  'GET /api/billing/membership': { access: signedIn },
  'POST /api/billing/cancellation': { access: signedIn, fresh: true },
  'POST /api/billing/pause': { access: signedIn, fresh: true },
  'POST /api/billing/pause/resume': { access: signedIn, fresh: true },
  'GET /api/admin/cancellation-settings': { access: admins },
  'PUT /api/admin/cancellation-settings': { access: admins },

  'GET /api/courses': { access: everyone },
  'GET /api/courses/progress': { access: subscribers },
  // The self-assessment: anyone may take it; a pathway is kept per account (issue 29).
  'GET /api/assessment': { access: everyone },
  'POST /api/assessment/results': { access: everyone },
  'POST /api/assessment/claim': { access: signedIn },
  'GET /api/assessment/pathway': { access: signedIn },
  'GET /api/admin/assessment': { access: admins },
  'PUT /api/admin/assessment': { access: admins },
  // A course and its lessons decide who may do what themselves (courses/lesson-access.ts: free previews,
  // free courses, drafts), tested in courses/lesson-access.test.ts; an unknown course is a 404 to anyone.
  'GET /api/courses/{courseId}': { access: everyone },
  'GET /api/courses/{courseId}/lessons/{lessonId}': { access: everyone },
  'PUT /api/courses/{courseId}/lessons/{lessonId}/position': { access: signedIn },
  'POST /api/courses/{courseId}/lessons/{lessonId}/complete': { access: signedIn },
  'GET /api/courses/{courseId}/certificate': { access: signedIn },
  'GET /api/me/continue': { access: signedIn },
  'GET /api/me/journey': { access: signedIn },

  'GET /api/posts': { access: community },
  'POST /api/posts': { access: community },
  'GET /api/posts/{postId}': { access: community },
  'PATCH /api/posts/{postId}': { access: community },
  'DELETE /api/posts/{postId}': { access: community },
  'PUT /api/posts/{postId}/pin': { access: moderators },
  'PUT /api/posts/{postId}/like': { access: community },
  'DELETE /api/posts/{postId}/like': { access: community },
  // Circle feeds (issue 34): a circle's own feed is its members' and staff's (403 to anyone else, an
  // unknown circle a 404); "From your circles" is her own circles' posts (feed/circle-feed.test.ts).
  'GET /api/posts/from-circles': { access: community },
  'GET /api/circles/{circleId}/posts': { access: community },
  // Reactions and saved items (issue 31): where the feed is open; a blocked or hidden item is a 404
  // (reactions/reactions.test.ts, bookmarks/bookmarks.test.ts), her saved list is her own.
  'PUT /api/posts/{postId}/reactions/{reaction}': { access: community },
  'DELETE /api/posts/{postId}/reactions/{reaction}': { access: community },
  'GET /api/posts/{postId}/reactions': { access: community },
  'GET /api/bookmarks': { access: community },
  'GET /api/bookmarks/posts/{postId}': { access: community },
  'PUT /api/bookmarks/posts/{postId}': { access: community },
  'DELETE /api/bookmarks/posts/{postId}': { access: community },
  'GET /api/bookmarks/topics/{topicId}': { access: community },
  'PUT /api/bookmarks/topics/{topicId}': { access: community },
  'DELETE /api/bookmarks/topics/{topicId}': { access: community },
  'GET /api/posts/{postId}/comments': { access: community },
  'POST /api/posts/{postId}/comments': { access: community },
  'PATCH /api/comments/{commentId}': { access: community },
  'DELETE /api/comments/{commentId}': { access: community },
  'GET /api/profiles/{userId}': { access: community },
  'PUT /api/profiles/me': { access: community },
  'GET /api/leaderboard': { access: community },

  'GET /api/forums/categories': { access: community },
  'GET /api/forums/categories/{categoryId}/topics': { access: community },
  'POST /api/forums/categories/{categoryId}/topics': { access: community },
  'GET /api/forums/topics/{topicId}': { access: community },
  'PATCH /api/forums/topics/{topicId}': { access: community },
  'DELETE /api/forums/topics/{topicId}': { access: community },
  'PUT /api/forums/topics/{topicId}/pin': { access: moderators },
  'PUT /api/forums/topics/{topicId}/lock': { access: moderators },
  'GET /api/forums/topics/{topicId}/replies': { access: community },
  'POST /api/forums/topics/{topicId}/replies': { access: community },
  // Her own read marks (issue 31): a topic she may not see is a 404 (reads/reads.test.ts).
  'POST /api/forums/topics/{topicId}/read': { access: community },
  'POST /api/forums/categories/{categoryId}/read': { access: community },
  'POST /api/feed/visit': { access: community },
  'PATCH /api/forums/replies/{replyId}': { access: community },
  'DELETE /api/forums/replies/{replyId}': { access: community },

  'GET /api/circles': { access: community },
  'POST /api/circles/{circleId}/join': { access: community },
  'DELETE /api/circles/{circleId}/membership': { access: community },
  // Join requests (issue 34): the guard is the community's; the service lets through a circle's hosts
  // (for their circles), moderators and admins, and refuses anyone else (circles/circle-page.test.ts). A
  // member who hosts no circle is refused the list (403); an unknown request is a 404 to all.
  'GET /api/circles/requests': { access: moderators },
  'POST /api/circles/requests/{requestId}/approve': { access: community },
  'POST /api/circles/requests/{requestId}/decline': { access: community },
  // A circle as a place (issue 34): its page, members (inside: members and staff; an unknown circle is a
  // 404), removals (its hosts, moderators, admins) and hosts (admins): circle-access.ts's rule, tested in
  // circles/circle-page.test.ts.
  'GET /api/circles/{circleId}': { access: community },
  'GET /api/circles/{circleId}/members': { access: community },
  'DELETE /api/circles/{circleId}/members/{userId}': { access: community },
  'PUT /api/circles/{circleId}/members/{userId}/role': { access: admins },
  'GET /api/circles/{circleId}/requests': { access: community },
  'GET /api/events': { access: community },
  'GET /api/events/{eventId}': { access: community },
  'PUT /api/events/{eventId}/rsvp': { access: community },
  'GET /api/events/{eventId}/attendees': { access: community },
  'GET /api/events/{eventId}/calendar.ics': { access: community },
  // A circle's events (issue 34): the community's guard; inside, its members and staff read, its hosts and
  // admins schedule (circles/circle-access.ts), tested in events/circle-events.test.ts.
  'GET /api/circles/{circleId}/events': { access: community },
  'POST /api/circles/{circleId}/events': { access: community },
  'PUT /api/circles/{circleId}/events/{eventId}': { access: community },
  'POST /api/circles/{circleId}/events/{eventId}/cancel': { access: community },
  // Her calendar subscription (issue 32): managed where events are; the feed itself answers to its token
  // alone (calendar apps send no session), an unknown one a 404.
  'GET /api/calendar-feed': { access: community },
  'POST /api/calendar-feed': { access: community },
  'DELETE /api/calendar-feed': { access: community },
  'GET /calendar/{token}.ics': { access: everyone },
  // Mentorship pods: the guard is the community's; inside a pod, who leads and who reads is the
  // service's check (pods/pod-access.ts), tested in pods/pods.test.ts.
  'GET /api/pods': { access: community },
  'GET /api/pods/{podId}': { access: community },
  'POST /api/pods/{podId}/requests': { access: community },
  'GET /api/pods/{podId}/requests': { access: community },
  'DELETE /api/pods/{podId}/membership': { access: community },
  'POST /api/pods/{podId}/requests/{membershipId}/accept': { access: community },
  'POST /api/pods/{podId}/requests/{membershipId}/decline': { access: community },
  'DELETE /api/pods/{podId}/members/{userId}': { access: community },
  'POST /api/pods/{podId}/goals': { access: community },
  'PATCH /api/pods/{podId}/goals/{goalId}': { access: community },
  'DELETE /api/pods/{podId}/goals/{goalId}': { access: community },
  'POST /api/pods/{podId}/meetings': { access: community },
  'POST /api/pods/{podId}/meetings/{meetingId}/cancel': { access: community },

  'GET /api/rituals': { access: community },
  'POST /api/rituals': { access: community },
  'POST /api/rituals/{ritualId}/complete': { access: community },
  // Her ritual journal and calendar (always her own) and her own rituals' edits (rituals/journal-routes.ts).
  'GET /api/rituals/journal': { access: community },
  'PATCH /api/rituals/journal/{entryId}': { access: community },
  'GET /api/rituals/calendar': { access: community },
  'PATCH /api/rituals/{ritualId}': { access: community },
  'DELETE /api/rituals/{ritualId}': { access: community },
  'PUT /api/me/location': { access: community },
  // The spiritual bath builder (baths/routes.ts): the rituals' own access.
  'GET /api/baths/catalog': { access: community },
  'GET /api/baths': { access: community },
  'POST /api/baths': { access: community },
  'GET /api/baths/{bathId}': { access: community },
  'POST /api/baths/{bathId}/share': { access: community },

  'GET /api/admin/stats': { access: admins },
  // Analytics (issue 33): revenue, so admins only.
  'GET /api/admin/analytics': { access: admins },
  'GET /api/admin/analytics/{series}.csv': { access: admins },
  'GET /api/admin/users': { access: admins },
  // Member administration and email templates (issue 33): admins only, moderators never see emails.
  'GET /api/admin/members/{userId}': { access: admins },
  'POST /api/admin/members/{userId}/complimentary': { access: admins },
  'DELETE /api/admin/members/{userId}/complimentary': { access: admins },
  'GET /api/admin/members/export': { access: admins },
  'GET /api/admin/email-templates': { access: admins },
  'PUT /api/admin/email-templates/{key}': { access: admins },
  'DELETE /api/admin/email-templates/{key}': { access: admins },
  'POST /api/admin/email-templates/{key}/preview': { access: admins },
  'POST /api/admin/email-templates/{key}/test': { access: admins },
  'GET /api/admin/content/{kind}': { access: moderators },
  'GET /api/admin/audit': { access: admins },
  'GET /api/admin/settings': { access: admins },
  'GET /api/admin/storage': { access: admins },
  'POST /api/admin/events': { access: admins },
  'PUT /api/admin/events/{eventId}': { access: admins },
  'POST /api/admin/events/{eventId}/cancel': { access: admins },
  'POST /api/admin/circles': { access: admins },
  'GET /api/admin/circles': { access: admins },
  'PUT /api/admin/circles/{circleId}': { access: admins },
  'GET /api/admin/pods': { access: admins },
  'POST /api/admin/pods': { access: admins },
  'PUT /api/admin/pods/{podId}': { access: admins },
  // Announcements (issue 33): the owner writes them; members of the community read and dismiss the
  // pinned ones (audience rules: announcements/announcements.test.ts); the unsubscribe link needs no
  // session, its signed token decides (a bad one is a 400 to everyone).
  'GET /api/admin/announcements': { access: admins },
  'POST /api/admin/announcements': { access: admins },
  'PUT /api/admin/announcements/{announcementId}/pin': { access: admins },
  'DELETE /api/admin/announcements/{announcementId}': { access: admins },
  'GET /api/announcements/pinned': { access: community },
  'POST /api/announcements/{announcementId}/dismiss': { access: community },
  'GET /api/email/unsubscribe': { access: everyone },
  'POST /api/email/unsubscribe': { access: everyone },
  // The content studio's courses, modules and lessons (content-studio/course-routes.ts).
  'GET /api/admin/courses': { access: admins },
  'POST /api/admin/courses': { access: admins },
  'PUT /api/admin/courses/order': { access: admins },
  'GET /api/admin/courses/{courseId}': { access: admins },
  'PATCH /api/admin/courses/{courseId}': { access: admins },
  'DELETE /api/admin/courses/{courseId}': { access: admins },
  'POST /api/admin/courses/{courseId}/status': { access: admins },
  'POST /api/admin/courses/{courseId}/duplicate': { access: admins },
  'GET /api/admin/courses/{courseId}/impact': { access: admins },
  'PUT /api/admin/courses/{courseId}/outline': { access: admins },
  'POST /api/admin/courses/{courseId}/modules': { access: admins },
  'PATCH /api/admin/modules/{moduleId}': { access: admins },
  'DELETE /api/admin/modules/{moduleId}': { access: admins },
  'POST /api/admin/modules/{moduleId}/lessons': { access: admins },
  'GET /api/admin/lessons/{lessonId}': { access: admins },
  'PATCH /api/admin/lessons/{lessonId}': { access: admins },
  'DELETE /api/admin/lessons/{lessonId}': { access: admins },
  // Ritual templates and forum categories (content-studio/ritual-template-routes.ts, forum-category-routes.ts).
  'GET /api/admin/rituals': { access: admins },
  'POST /api/admin/rituals': { access: admins },
  'PATCH /api/admin/rituals/{ritualId}': { access: admins },
  'DELETE /api/admin/rituals/{ritualId}': { access: admins },
  'GET /api/admin/forum-categories': { access: admins },
  'POST /api/admin/forum-categories': { access: admins },
  'PUT /api/admin/forum-categories/order': { access: admins },
  'PATCH /api/admin/forum-categories/{categoryId}': { access: admins },
  'DELETE /api/admin/forum-categories/{categoryId}': { access: admins },
  'GET /api/admin/bath-ingredients': { access: admins },
  'POST /api/admin/bath-ingredients': { access: admins },
  'PATCH /api/admin/bath-ingredients/{ingredientId}': { access: admins },
  'DELETE /api/admin/bath-ingredients/{ingredientId}': { access: admins },

  'GET /api/notifications': { access: signedIn },
  'POST /api/notifications/{notificationId}/read': { access: signedIn },
  'POST /api/notifications/read-all': { access: signedIn },
  'GET /api/notifications/preferences': { access: signedIn },
  'PATCH /api/notifications/preferences': { access: signedIn },
  // Web Push (issue 32): her own devices; another member's endpoint or device id is a 404 (below).
  'GET /api/push/public-key': { access: signedIn },
  'GET /api/push/subscriptions': { access: signedIn },
  'POST /api/push/subscriptions': { access: signedIn },
  'DELETE /api/push/subscriptions': { access: signedIn },
  'DELETE /api/push/subscriptions/{deviceId}': { access: signedIn },
  'GET /api/realtime': { access: signedIn },

  'GET /api/members/search': { access: community },
  'GET /api/search': { access: community },
  'GET /api/conversations': { access: community },
  'POST /api/conversations': { access: community },
  'GET /api/conversations/{conversationId}': { access: community },
  'GET /api/conversations/{conversationId}/messages': { access: community },
  'POST /api/conversations/{conversationId}/messages': { access: community },
  'POST /api/conversations/{conversationId}/read': { access: community },
  // Blocking and muting (issue 30): any signed-in member keeps and undoes her own blocks (Settings, even
  // with a lapsed membership); mutes sit with what they mute (the community), and a conversation she is
  // not in is a 404 (below).
  'GET /api/blocks': { access: signedIn },
  'GET /api/blocks/{userId}': { access: signedIn },
  'PUT /api/blocks/{userId}': { access: signedIn },
  'DELETE /api/blocks/{userId}': { access: signedIn },
  'GET /api/conversations/{conversationId}/mute': { access: community },
  'PUT /api/conversations/{conversationId}/mute': { access: community },
  'DELETE /api/conversations/{conversationId}/mute': { access: community },
  'GET /api/forums/topics/{topicId}/mute': { access: community },
  'PUT /api/forums/topics/{topicId}/mute': { access: community },
  'DELETE /api/forums/topics/{topicId}/mute': { access: community },

  // Uploads: each kind checks its own rule (media/upload-rules.ts, tested in media/uploads.test.ts).
  'POST /api/media/{kind}': { access: signedIn },
  'DELETE /api/media/{id}': { access: signedIn },
  'DELETE /api/me/avatar': { access: signedIn },
  // Stored files: who may read one depends on its kind (media/media-access.ts); an unknown id is a 404.
  'GET /media/{id}': { access: everyone },
  'GET /media/{id}/{width}': { access: everyone },

  // Development builds only (never registered in production; see the production test).
  'GET /api/dev/outbox': { access: everyone },
  'POST /api/dev/event-reminders/run': { access: everyone },
};

/** Path parameters: ids that exist nowhere, so a caller who gets through meets a 404, never a change. */
const PARAMS: Record<string, string> = {
  courseId: '99',
  lessonId: '99-1',
  kind: 'posts',
  reaction: 'heart',
  userId: 'no-such-member',
  key: 'welcome',
  series: 'revenue',
};
const fill = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => PARAMS[name] ?? '00000000-0000-4000-8000-000000000000');

let t: TestApp;
let baseUrl: string;
let operations: string[];
const callers = {} as Record<Caller, TestMember | undefined>;

async function makeCaller(caller: Caller): Promise<TestMember | undefined> {
  switch (caller) {
    case 'anonymous':
      return undefined;
    case 'free':
      return t.signUp();
    case 'subscriber':
      return t.signUpSubscriber();
    case 'moderator': {
      // Staff without a membership, like the admin: a moderator works in the community without paying.
      const moderator = await t.signUp();
      await grantRoleByEmail(t.database.db, moderator.email, 'moderator');
      return moderator;
    }
    case 'admin': {
      // An admin without a membership: the spec lets admins into the community, not the courses.
      const admin = await t.signUp();
      await grantRoleByEmail(t.database.db, admin.email, 'admin');
      return admin;
    }
  }
}

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.listen();
  const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
  for (const caller of CALLERS) callers[caller] = await makeCaller(caller);
});
afterAll(async () => t?.close());

async function statusOf(operation: string, who: TestMember | undefined): Promise<number> {
  const [method, path] = operation.split(' ') as [string, string];
  const url = fill(path);
  if (url === '/api/realtime') {
    const stream = await openEventStream(baseUrl, who?.cookie);
    stream.close();
    return stream.status;
  }
  const response = await t.request({
    method: method as 'GET',
    url,
    cookie: who?.cookie,
    payload: method === 'GET' || method === 'DELETE' ? undefined : {},
  });
  return response.statusCode;
}

describe('the authorization matrix', () => {
  it('has a row for every route of the API, and no row for a route that is gone', () => {
    expect(operations.filter((operation) => !MATRIX[operation])).toEqual([]);
    expect(Object.keys(MATRIX).filter((operation) => !operations.includes(operation))).toEqual([]);
  });

  it('lets through exactly the callers the table names', async () => {
    const mismatches: string[] = [];
    for (const operation of operations) {
      const rule = MATRIX[operation];
      if (!rule) continue;
      for (const caller of CALLERS) {
        const who = rule.fresh ? await makeCaller(caller) : callers[caller];
        const status = await statusOf(operation, who);
        const expected = rule.access[caller];
        const passed = expected === 'ok' ? status !== 401 && status !== 403 && status < 500 : status === expected;
        if (!passed) mismatches.push(`${operation} as ${caller}: ${status}, expected ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});

describe('what belongs to another member', () => {
  it('is refused to her, and left as it was', async () => {
    const owner = await t.signUpSubscriber();
    const other = await t.signUpSubscriber();
    const friend = await t.signUpSubscriber();
    const as = (who: TestMember, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      t.request({
        method,
        url,
        cookie: who.cookie,
        payload: method === 'GET' || method === 'DELETE' ? undefined : (payload ?? {}),
      });

    const post = (await as(owner, 'POST', '/api/posts', { title: 'Mine', content: 'My post' })).json();
    const comment = (await as(owner, 'POST', `/api/posts/${post.id}/comments`, { content: 'My comment' })).json();
    const categoryId = (await as(owner, 'GET', '/api/forums/categories')).json().categories[0].id;
    const topic = (
      await as(owner, 'POST', `/api/forums/categories/${categoryId}/topics`, { title: 'My topic', content: 'Mine' })
    ).json();
    const reply = (await as(owner, 'POST', `/api/forums/topics/${topic.id}/replies`, { content: 'My reply' })).json();
    const ownRitualBody = {
      title: 'My ritual',
      description: 'Private',
      instructions: 'Breathe',
      durationMinutes: 5,
      moonPhase: 'full_moon',
    };
    const ritual = (await as(owner, 'POST', '/api/rituals', ownRitualBody)).json();
    await as(friend, 'PUT', `/api/posts/${post.id}/like`);
    const notification = (await as(owner, 'GET', '/api/notifications')).json().notifications[0];
    const conversation = (await as(owner, 'POST', '/api/conversations', { userId: friend.id })).json().conversation;
    await as(owner, 'POST', `/api/conversations/${conversation.id}/messages`, { content: 'Between us' });
    const ownerSession = (await as(owner, 'GET', '/api/account/sessions')).json().items[0];
    for (const made of [post, comment, topic, reply, ritual, notification, conversation, ownerSession]) {
      expect(made?.id, JSON.stringify(made)).toBeTypeOf('string');
    }

    const refused: Array<[Parameters<typeof as>[1], string, number, unknown?]> = [
      ['PATCH', `/api/posts/${post.id}`, 403, { title: 'Taken', content: 'Over' }],
      ['DELETE', `/api/posts/${post.id}`, 403],
      ['PATCH', `/api/comments/${comment.id}`, 403, { content: 'Taken over' }],
      ['DELETE', `/api/comments/${comment.id}`, 403],
      ['PATCH', `/api/forums/topics/${topic.id}`, 403, { title: 'Taken', content: 'Over' }],
      ['DELETE', `/api/forums/topics/${topic.id}`, 403],
      ['PATCH', `/api/forums/replies/${reply.id}`, 403, { content: 'Taken over' }],
      ['DELETE', `/api/forums/replies/${reply.id}`, 403],
      ['POST', `/api/rituals/${ritual.id}/complete?tz=UTC`, 404],
      ['PATCH', `/api/rituals/${ritual.id}`, 404, { ...ownRitualBody, title: 'Taken over' }],
      ['DELETE', `/api/rituals/${ritual.id}`, 404],
      ['POST', `/api/notifications/${notification.id}/read`, 404],
      ['GET', `/api/conversations/${conversation.id}`, 404],
      ['GET', `/api/conversations/${conversation.id}/messages`, 404],
      ['POST', `/api/conversations/${conversation.id}/messages`, 404, { content: 'Let me in' }],
      ['POST', `/api/conversations/${conversation.id}/read`, 404],
      // Muting a conversation she is not in: the same 404 as for one that does not exist.
      ['GET', `/api/conversations/${conversation.id}/mute`, 404],
      ['PUT', `/api/conversations/${conversation.id}/mute`, 404],
      ['DELETE', `/api/conversations/${conversation.id}/mute`, 404],
      // Her session, by its id: signing it out is refused like an id that does not exist.
      ['DELETE', `/api/account/sessions/${ownerSession.id}`, 404],
    ];
    const mismatches: string[] = [];
    for (const [method, url, expected, payload] of refused) {
      const status = (await as(other, method, url, payload)).statusCode;
      if (status !== expected) mismatches.push(`${method} ${url}: ${status}, expected ${expected}`);
    }
    expect(mismatches).toEqual([]);

    // Nothing moved.
    const comments = (await as(owner, 'GET', `/api/posts/${post.id}/comments`)).json().items;
    expect(comments.map((c: { content: string }) => c.content)).toEqual(['My comment']);
    const topicNow = (await as(owner, 'GET', `/api/forums/topics/${topic.id}`)).json();
    expect(topicNow.title).toBe('My topic');
    const replies = (await as(owner, 'GET', `/api/forums/topics/${topic.id}/replies`)).json().items;
    expect(replies.map((r: { content: string }) => r.content)).toEqual(['My reply']);
    expect((await as(owner, 'GET', '/api/notifications')).json().unreadCount).toBe(1);
    const thread = (await as(friend, 'GET', `/api/conversations/${conversation.id}/messages`)).json().items;
    expect(thread.map((m: { content: string }) => m.content)).toEqual(['Between us']);
    expect((await as(owner, 'GET', '/api/account/sessions')).json().items.map((s: { id: string }) => s.id)).toEqual([
      ownerSession.id,
    ]);
    const today = (await as(other, 'GET', '/api/rituals')).json();
    expect(JSON.stringify(today)).not.toContain('My ritual');
    expect((await as(owner, 'GET', '/api/rituals')).json().rituals.map((r: { title: string }) => r.title)).toContain(
      'My ritual',
    );
  });
});
