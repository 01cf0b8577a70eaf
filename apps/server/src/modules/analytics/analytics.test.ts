import { analyticsQuerySchema } from '@lunara/shared/analytics';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { grantRoleByEmail } from '../roles/service.ts';
import { createActiveDayRecorder } from './activity-plugin.ts';
import { computeDay, runAnalyticsJob } from './analytics-job.ts';
import { getAnalytics } from './analytics-service.ts';

let t: TestApp;
let admin: TestMember;
let moderator: TestMember;
let ana: TestMember;
let bea: TestMember;
let cleo: TestMember;
let dora: TestMember;
let courseId: number;
let lessonIds: string[];

// A small history in March 2026, read as of the 10th.
const NOW = new Date('2026-03-10T12:00:00Z');
const at = (day: number, hour = 10) =>
  `2026-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`;
const db = () => t.database.db;
const run = (query: ReturnType<typeof sql>) => queryRows(db(), query);
const dailyRows = () =>
  run(sql`select day::text, metric, dimension, value::text from analytics_daily order by 1, 2, 3`);
const query = (range: string, extra: Record<string, string> = {}) => analyticsQuerySchema.parse({ range, ...extra });

async function backdate(member: TestMember, day: number) {
  await run(sql`update profiles set created_at = ${at(day, 9)}::timestamptz where id = ${member.id}`);
  await run(sql`update "user" set created_at = ${at(day, 9)}::timestamptz where id = ${member.id}`);
}

beforeAll(async () => {
  t = await createTestApp({}, { periodicJobs: false });
  admin = await t.signUp();
  await grantRoleByEmail(db(), admin.email, 'admin');
  moderator = await t.signUp();
  await grantRoleByEmail(db(), moderator.email, 'moderator');
  ana = await t.signUp();
  bea = await t.signUp();
  cleo = await t.signUp();
  dora = await t.signUp();
  // Staff joined later than the history; the four members on the 1st, 1st, 3rd and 5th.
  await backdate(ana, 1);
  await backdate(bea, 1);
  await backdate(cleo, 3);
  await backdate(dora, 5);

  // Ana: monthly $55 from the 1st. Cleo: monthly $55 from the 3rd, ended on the 6th.
  for (const [member, day] of [
    [ana, 1],
    [cleo, 3],
  ] as const) {
    await t.api(member, 'POST', '/api/billing/test/complete', {});
    await run(sql`update subscriptions set created_at = ${at(day)}::timestamptz, amount_cents = 5500,
      plan_interval = 'month' where user_id = ${member.id}`);
  }
  // Bea: yearly $600 with 50% off forever, from the 3rd: $25 a month.
  await run(sql`insert into subscriptions (user_id, provider, provider_subscription_id, provider_customer_id, status,
      product_id, current_period_end, plan_interval, amount_cents, discount, created_at, updated_at)
    values (${bea.id}, 'stripe', 'sub_bea', 'cus_bea', 'active', 'prod_x', '2027-03-03T10:00:00Z', 'year', 60000,
      ${JSON.stringify({ couponId: 'c1', code: 'HALF', kind: 'percent', value: 50, duration: 'forever', durationMonths: null })}::jsonb,
      ${at(3)}::timestamptz, ${at(3)}::timestamptz)`);
  // Dora: complimentary from the 5th (counted apart, no MRR).
  await run(sql`insert into subscriptions (user_id, provider, provider_subscription_id, provider_customer_id, status,
      product_id, current_period_end, created_at, updated_at)
    values (${dora.id}, 'complimentary', 'comp_dora', 'comp_dora', 'active', 'complimentary', '2026-06-05T10:00:00Z',
      ${at(5)}::timestamptz, ${at(5)}::timestamptz)`);

  // Activity: two posts on the 2nd, a comment on the 4th, rituals on the 4th (two phases).
  for (const title of ['First light', 'Second light']) {
    const post = (await t.api(ana, 'POST', '/api/posts', { title, content: 'Hello' })).json();
    await run(sql`update posts set created_at = ${at(2)}::timestamptz where id = ${post.id}`);
  }
  const [post] = await run(sql`select id from posts where user_id = ${ana.id} limit 1`);
  await t.api(ana, 'POST', `/api/posts/${(post as { id: string }).id}/comments`, { content: 'A comment' });
  await run(sql`update post_comments set created_at = ${at(4)}::timestamptz where user_id = ${ana.id}`);
  await run(sql`insert into daily_rituals (user_id, moon_phase, local_date, completed_at) values
    (${ana.id}, 'full_moon', '2026-03-04', ${at(4)}::timestamptz),
    (${bea.id}, 'full_moon', '2026-03-04', ${at(4)}::timestamptz),
    (${bea.id}, 'new_moon', '2026-03-04', ${at(4, 11)}::timestamptz)`);

  // Courses: Ana starts the first course on the 4th (lesson 1) and goes on to lesson 2 on the 5th.
  const [course] = await run(sql`select course_id as id from lessons group by course_id order by course_id limit 1`);
  courseId = (course as { id: number }).id;
  lessonIds = (await run(sql`select id from lessons where course_id = ${courseId} order by position`)).map(
    (row) => (row as { id: string }).id,
  );
  await run(sql`insert into user_progress (user_id, course_id, lesson_id, completed, progress_percentage, completed_at)
    values (${ana.id}, ${courseId}, ${lessonIds[0]}, true, 100, ${at(4)}::timestamptz),
      (${ana.id}, ${courseId}, ${lessonIds[1]}, true, 100, ${at(5)}::timestamptz),
      (${bea.id}, ${courseId}, ${lessonIds[0]}, true, 100, ${at(5)}::timestamptz)`);

  // Cleo cancels on the 6th and says why; another member cancels without a reason.
  await run(
    sql`update subscriptions set status = 'canceled', ended_at = ${at(6)}::timestamptz where user_id = ${cleo.id}`,
  );
  // A later touch of her ended membership (Stripe syncs it again on the 9th) does not move her churn.
  await run(
    sql`update subscriptions set status = 'canceled', cancel_at_period_end = true, updated_at = ${at(9)}::timestamptz
      where user_id = ${cleo.id}`,
  );
  await run(sql`insert into membership_cancellations (user_id, reason, created_at) values
    (${cleo.id}, 'too_expensive', ${at(6)}::timestamptz), (null, null, ${at(6, 12)}::timestamptz)`);
  await run(sql`insert into analytics_member_days (day, user_id) values
    ('2026-03-04', ${ana.id}), ('2026-03-04', ${bea.id}), ('2026-03-05', ${ana.id})`);
});
afterAll(async () => t?.close());

describe('the analytics job', () => {
  it('computes what the rows say, day by day', async () => {
    await runAnalyticsJob(db(), NOW);
    const data = await getAnalytics(db(), query('30d'), NOW);
    const day = (n: number) => data.points.find((p) => p.period === at(n).slice(0, 10));
    expect(data.bucket).toBe('day');
    expect(data.points).toHaveLength(30);
    expect(day(1)).toMatchObject({ signups: 2, conversions: 1, mrrCents: 5500, subscribers: 1 });
    expect(day(2)).toMatchObject({ posts: 2, mrrCents: 5500 });
    expect(day(3)).toMatchObject({ signups: 1, conversions: 2, mrrCents: 5500 + 2500 + 5500, subscribers: 3 });
    expect(day(4)).toMatchObject({
      comments: 1,
      rituals: 3,
      courseStarts: 1,
      dailyActive: 2,
      weeklyActive: 2,
    });
    expect(day(5)).toMatchObject({ complimentary: 1, courseStarts: 1, dailyActive: 1, weeklyActive: 2 });
    expect(day(6)).toMatchObject({ churned: 1, cancellations: 2, mrrCents: 8000, subscribers: 2, complimentary: 1 });
    expect(day(9)).toMatchObject({ churned: 0, subscribers: 2 });
    expect(data.kpis).toMatchObject({ mrrCents: 8000, subscribers: 2, churned: 1 });
    expect(data.cancellationReasons.find((r) => r.reason === 'too_expensive')?.count).toBe(1);
    expect(data.cancellationReasons.find((r) => r.reason === 'unspecified')?.count).toBe(1);
    expect(data.ritualPhases.find((r) => r.phase === 'full_moon')?.count).toBe(2);
    expect(data.ritualPhases.find((r) => r.phase === 'new_moon')?.count).toBe(1);
    expect(data.courses.find((c) => c.courseId === courseId)?.starts).toBe(2);
    expect(data.lessonDropoff?.lessons.slice(0, 2).map((l) => l.reached)).toEqual([2, 1]);
    // Before the first sign-up nothing is stored; the range "all" starts at the first computed day.
    const all = await getAnalytics(db(), query('all'), NOW);
    expect(all.from).toBe('2026-03-01');
    expect(all.points.at(-1)?.mrrCents).toBe(8000);
  });

  it('counts a course completed when its last lesson is', async () => {
    const rest = lessonIds.slice(1);
    await run(sql`insert into user_progress (user_id, course_id, lesson_id, completed, progress_percentage, completed_at)
      select ${bea.id}, ${courseId}, id, true, 100, ${at(7)}::timestamptz from lessons
      where course_id = ${courseId} and id in (${sql.join(
        rest.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    await run(sql`update analytics_days set final = false where day = '2026-03-07'`);
    await runAnalyticsJob(db(), NOW);
    const data = await getAnalytics(db(), query('30d'), NOW);
    expect(data.points.find((p) => p.period === '2026-03-07')?.courseCompletions).toBe(1);
    expect(data.courses.find((c) => c.courseId === courseId)?.completions).toBe(1);
  });

  it('gives the same numbers when run twice, and when two runs race', async () => {
    await runAnalyticsJob(db(), NOW);
    const once = await dailyRows();
    await run(sql`update analytics_days set final = false`);
    await runAnalyticsJob(db(), NOW);
    expect(await dailyRows()).toEqual(once);
    await run(sql`update analytics_days set final = false`);
    await Promise.all([runAnalyticsJob(db(), NOW), runAnalyticsJob(db(), NOW)]);
    expect(await dailyRows()).toEqual(once);
    const [days] = await run(sql`select count(*)::int as n, bool_and(final) as final from analytics_days
      where day < '2026-03-10'`);
    expect(days).toEqual({ n: 9, final: true });
  });

  it('groups long ranges by week: levels at the week end, flows summed', async () => {
    const data = await getAnalytics(db(), query('365d'), NOW);
    expect(data.bucket).toBe('week');
    const week = data.points.find((p) => p.period === '2026-03-02');
    expect(week).toMatchObject({ posts: 2, signups: 2, conversions: 2, churned: 1, mrrCents: 8000 });
    expect(data.kpis.newMembers).toBe(4);
  });
});

describe('recording active members', () => {
  it('writes each member once a day and again the next day', async () => {
    const writes: string[] = [];
    const record = createActiveDayRecorder(async (day, userId) => {
      writes.push(`${day}:${userId}`);
    });
    const day1 = new Date('2026-03-04T08:00:00Z');
    await record('a', day1);
    expect(record('a', day1)).toBeUndefined();
    await record('b', day1);
    await record('a', new Date('2026-03-05T00:00:01Z'));
    expect(writes).toEqual(['2026-03-04:a', '2026-03-04:b', '2026-03-05:a']);
  });

  it('records a signed-in request, exports it and forgets it with the account', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await t.api(dora, 'GET', '/api/account/sessions')).statusCode).toBe(200);
    await expect
      .poll(() => run(sql`select 1 from analytics_member_days where user_id = ${dora.id} and day = ${today}::date`))
      .toHaveLength(1);
    const { readExportSections } = await import('../account-data/export-contents.ts');
    expect((await readExportSections(db(), dora.id))['active-days']).toContain(today);
    await run(sql`delete from "user" where id = ${dora.id}`);
    expect(await run(sql`select 1 from analytics_member_days where user_id = ${dora.id}`)).toHaveLength(0);
  });
});

describe('the analytics routes', () => {
  it('answers admins only: 401 visitor, 403 member and moderator', async () => {
    for (const url of ['/api/admin/analytics', '/api/admin/analytics/revenue.csv']) {
      expect((await t.api(undefined, 'GET', url)).statusCode).toBe(401);
      expect((await t.api(ana, 'GET', url)).statusCode).toBe(403);
      expect((await t.api(moderator, 'GET', url)).statusCode).toBe(403);
      expect((await t.api(admin, 'GET', url)).statusCode).toBe(200);
    }
  });

  it('refuses a bad range, series or course with a clear message', async () => {
    const bad = await t.api(admin, 'GET', '/api/admin/analytics?range=2y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/range/i);
    expect((await t.api(admin, 'GET', '/api/admin/analytics/secrets.csv')).statusCode).toBe(400);
    expect((await t.api(admin, 'GET', '/api/admin/analytics?courseId=abc')).statusCode).toBe(400);
    expect((await t.api(admin, 'GET', '/api/admin/analytics?courseId=999999')).statusCode).toBe(404);
  });

  it('serves each series as CSV with a header row, defusing spreadsheet formulas', async () => {
    await run(sql`update courses set title = '=HYPERLINK("http://evil")' where id = ${courseId}`);
    const res = await t.api(admin, 'GET', '/api/admin/analytics/courses.csv?range=all');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="lunara-courses-all-/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Course,Starts,Completions');
    expect(lines).toContain(`"'=HYPERLINK(""http://evil"")",2,1`);
    const revenue = await t.api(admin, 'GET', '/api/admin/analytics/revenue.csv?range=7d');
    expect(revenue.body.split('\r\n')[0]).toBe('Day,MRR (USD),Paying subscribers,Trialing,Complimentary');
    expect(revenue.body.trim().split('\r\n')).toHaveLength(8);
  });
});

describe('a pause she scheduled', () => {
  it('keeps her MRR until her paid period ends, and takes it out from then until she resumes', async () => {
    const mrrOn = async (day: number) =>
      (await computeDay(db(), at(day).slice(0, 10))).find((row) => row.metric === 'mrrCents')?.value;
    const [before7, before9] = [await mrrOn(7), await mrrOn(9)];
    // Ana's period ends on the 8th; she chose a two-month pause from then.
    await run(sql`update subscriptions set current_period_end = ${at(8)}::timestamptz,
      paused_until = '2026-05-08T10:00:00Z' where user_id = ${ana.id}`);
    expect(await mrrOn(7)).toBe(before7);
    expect(await mrrOn(9)).toBe((before9 ?? 0) - 5500);
  });
});

describe('when a membership ended', () => {
  it('is stamped by the database on the change into an ended status, whatever code makes it', async () => {
    const member = await t.signUp();
    const rows = (query: ReturnType<typeof sql>) => queryRows<{ ended: string | null }>(db(), query);
    await rows(sql`insert into subscriptions (user_id, provider, provider_subscription_id, provider_customer_id, status,
        product_id, current_period_end) values (${member.id}, 'stripe', 'sub_end', 'cus_end', 'active', 'prod_x', now())`);
    const endedAt = async () =>
      (await rows(sql`select ended_at::text as ended from subscriptions where user_id = ${member.id}`))[0]?.ended ??
      null;
    expect(await endedAt()).toBeNull();
    await rows(sql`update subscriptions set status = 'canceled' where user_id = ${member.id}`);
    const stamped = await endedAt();
    expect(stamped).not.toBeNull();
    await rows(
      sql`update subscriptions set status = 'unpaid', cancel_at_period_end = true where user_id = ${member.id}`,
    );
    expect(await endedAt()).toBe(stamped);
    await rows(sql`update subscriptions set status = 'active' where user_id = ${member.id}`);
    expect(await endedAt()).toBeNull();
  });
});
