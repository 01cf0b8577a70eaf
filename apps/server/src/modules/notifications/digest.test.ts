import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { outbox } from '../../db/schema/operations.ts';
import { DIGEST_DELAY_MS, DIGEST_MIN_GAP_MS, sendNotificationDigests } from './digest-service.ts';
import { createNotification } from './notification-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const MINUTE = 60_000;
let clock = Date.now();
/** Runs a digest as if `ms` had passed since the last run. */
const runAfter = (ms: number) => {
  clock += ms;
  return sendNotificationDigests(t.database.db, t.app.mailer, {
    productName: 'Lunara',
    communityUrl: 'http://localhost:3000/community',
    now: new Date(clock),
  });
};

async function notify(member: TestMember, title: string) {
  await t.database.db.transaction((tx) =>
    createNotification(tx, { userId: member.id, actorId: null, type: 'post_like', title, message: `${title} message` }),
  );
  // Created "now" on the test clock, a second after the one before.
  clock += 1000;
  await t.database.db.execute(
    sql`update notifications set created_at = ${new Date(clock).toISOString()}::timestamptz where title = ${title}`,
  );
}

/** Her digests (sign-up also sent her a confirmation email). */
const mailTo = async (member: TestMember) =>
  (await t.database.db.select().from(outbox).where(eq(outbox.toAddress, member.email))).filter(
    (mail) => !mail.subject.startsWith('Confirm your email'),
  );

describe('notification email digests', () => {
  it('batch a burst into one email after a short wait, at most one per few minutes', async () => {
    const member = await t.signUp();
    const alsoMember = await t.signUp();
    await notify(member, 'First like');
    await notify(member, 'Second like');
    await notify(alsoMember, 'Other like');
    expect(await runAfter(DIGEST_DELAY_MS - MINUTE)).toBe(0);
    expect(await runAfter(MINUTE)).toBe(2);
    let mails = await mailTo(member);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('2 new notifications · Lunara');
    expect(mails[0]?.textBody).toContain('Second like: Second like message\nFirst like: First like message');
    expect(mails[0]?.textBody).toContain('http://localhost:3000/community');
    // Another burst right after: it waits for the gap, then comes as one more email.
    await notify(member, 'Third like');
    expect(await runAfter(DIGEST_DELAY_MS)).toBe(0);
    expect(await runAfter(DIGEST_MIN_GAP_MS - DIGEST_DELAY_MS)).toBe(1);
    mails = await mailTo(member);
    expect(mails.map((m) => m.subject).sort()).toEqual(['2 new notifications · Lunara', 'Third like · Lunara']);
    expect(await runAfter(DIGEST_MIN_GAP_MS)).toBe(0);
  });

  it('leave out what she already read, and send nothing with Email Notifications off', async () => {
    const reader = await t.signUp();
    await notify(reader, 'Seen already');
    await t.request({ method: 'POST', url: '/api/notifications/read-all', cookie: reader.cookie, payload: {} });
    const quiet = await t.signUp();
    await t.request({
      method: 'PATCH',
      url: '/api/notifications/preferences',
      cookie: quiet.cookie,
      payload: { emailEnabled: false },
    });
    await notify(quiet, 'Quiet like');
    await runAfter(DIGEST_MIN_GAP_MS);
    expect(await mailTo(reader)).toEqual([]);
    expect(await mailTo(quiet)).toEqual([]);
    // Dealt with: they are not considered again.
    const pending = await t.database.db.execute(
      sql`select count(*)::int as n from notifications where emailed_at is null and user_id in (${reader.id}, ${quiet.id})`,
    );
    expect(JSON.stringify(pending)).toContain('"n":0');
  });

  it('two runs at once send each email once', async () => {
    const member = await t.signUp();
    await notify(member, 'Raced like');
    clock += DIGEST_MIN_GAP_MS;
    const options = { productName: 'Lunara', communityUrl: 'http://x/community', now: new Date(clock) };
    await Promise.all([
      sendNotificationDigests(t.database.db, t.app.mailer, options),
      sendNotificationDigests(t.database.db, t.app.mailer, options),
    ]);
    expect(await mailTo(member)).toHaveLength(1);
  });
});
