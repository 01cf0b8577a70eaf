import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { profiles, userLocations } from '../../db/schema/members.ts';
import { dailyRituals, rituals } from '../../db/schema/rituals.ts';
import { processNextExport } from './export-service.ts';

/**
 * Every column that can hold personal data, and what it is. The test below reads the database's own
 * catalogue: a column referencing user(id), named like personal data, or holding JSON that is not
 * listed here FAILS it, so whoever adds one must say what it holds and make account deletion erase it.
 *
 * - `member`: a member's id. After her deletion no row holds hers (the row went with her, or now points
 *   at the tombstone "Former member", or the foreign key set it null).
 * - `text`: text or JSON that may quote her (her address, her name, her words about herself). After her
 *   deletion none of her identifiers appears in it.
 * - `row`: a value that identifies nobody by itself and lives in a row whose `member` column is checked.
 * - `none`: not personal data (the owner's catalogue, counters, configuration), with the reason.
 */
type Kind = 'member' | 'text' | 'row' | 'none';
const PERSONAL_DATA: Record<string, Kind> = {
  // better-auth
  'user.id': 'member',
  'user.name': 'text',
  'user.email': 'text',
  'user.image': 'text',
  'session.user_id': 'member',
  'session.ip_address': 'row',
  'session.user_agent': 'text',
  'session.token': 'row',
  'account.user_id': 'member',
  'account.account_id': 'member',
  'account.password': 'row',
  'account.access_token': 'row',
  'account.refresh_token': 'row',
  'account.id_token': 'row',
  'verification.identifier': 'text',
  'verification.value': 'text',
  'two_factor.user_id': 'member',
  'two_factor.secret': 'row',
  'two_factor.backup_codes': 'row',
  // members
  'profiles.id': 'member',
  'profiles.display_name': 'text',
  'profiles.avatar_url': 'text',
  'profiles.bio': 'text',
  'user_roles.user_id': 'member',
  'user_roles.assigned_by': 'member',
  'user_locations.user_id': 'member',
  'user_locations.latitude': 'row',
  'user_locations.longitude': 'row',
  'user_locations.city': 'text',
  'user_locations.country': 'text',
  'former_members.user_id': 'member',
  'data_exports.user_id': 'member',
  // analytics: the days she was active (cascade with her account).
  'analytics_member_days.user_id': 'member',
  // billing: her rows go with her; the provider keeps the invoices accounting needs.
  'billing_customers.user_id': 'member',
  'subscriptions.user_id': 'member',
  'billing_events.payload': 'text',
  // community
  'posts.user_id': 'member',
  'post_likes.user_id': 'member',
  'post_reactions.user_id': 'member',
  'bookmarks.user_id': 'member',
  'post_comments.user_id': 'member',
  'forum_topics.user_id': 'member',
  'forum_topics.last_reply_user_id': 'member',
  'forum_replies.user_id': 'member',
  'forum_topic_views.user_id': 'member',
  'forum_topic_mutes.user_id': 'member',
  // What she has read: go with her (foreign keys cascade).
  'forum_topic_reads.user_id': 'member',
  'forum_category_reads.user_id': 'member',
  'feed_visits.user_id': 'member',
  // Earlier versions of her words: moved with what she keeps, gone with what she does not.
  'content_revisions.editor_id': 'member',
  'conversations.participant_a': 'member',
  'conversations.participant_b': 'member',
  'conversations.created_by': 'member',
  'conversation_members.user_id': 'member',
  'conversation_mutes.user_id': 'member',
  'messages.sender_id': 'member',
  'messages.recipient_id': 'member',
  'member_blocks.blocker_id': 'member',
  'member_blocks.blocked_id': 'member',
  'notifications.user_id': 'member',
  'notifications.title': 'text',
  'notifications.message': 'text',
  'notifications.data': 'text',
  'notifications.collapse_key': 'text',
  'notification_preferences.user_id': 'member',
  'circles.created_by': 'member',
  'circles.name': 'none',
  'circle_memberships.user_id': 'member',
  'circle_memberships.decided_by': 'member',
  'circle_events.created_by': 'member',
  'event_rsvps.user_id': 'member',
  // Reminders sent to her, and her calendar feed (only a hash of its token): both go with her account.
  'event_reminders.user_id': 'member',
  'calendar_feeds.user_id': 'member',
  'calendar_feeds.token_hash': 'row',
  // Her devices' push subscriptions (the browser's address and keys) and their queued pushes go with her.
  'push_subscriptions.user_id': 'member',
  'push_subscriptions.device_label': 'row',
  'pods.mentor_id': 'member',
  'pods.created_by': 'member',
  'pods.name': 'none',
  'pod_memberships.user_id': 'member',
  'pod_memberships.decided_by': 'member',
  'pod_memberships.note': 'text',
  'pod_goals.created_by': 'member',
  'pod_meetings.created_by': 'member',
  // points, courses, rituals, baths, assessment
  'user_points.user_id': 'member',
  'points_ledger.user_id': 'member',
  'points_ledger.idempotency_key': 'text',
  'points_period_totals.user_id': 'member',
  'user_progress.user_id': 'member',
  'rituals.user_id': 'member',
  'daily_rituals.user_id': 'member',
  'daily_rituals.notes': 'text',
  'saved_baths.user_id': 'member',
  'saved_baths.recipe': 'row',
  'assessment_results.user_id': 'member',
  'assessment_results.answers': 'row',
  'assessment_results.steps': 'none',
  'assessments.updated_by': 'member',
  'assessments.definition': 'none',
  // media: her uploads go (the trigger queues their files) except a kept post's pictures.
  'media_files.owner_id': 'member',
  'media_files.file_name': 'text',
  'media_files.variants': 'none',
  'member_storage.user_id': 'member',
  // safety and moderation
  'moderation_cases.author_id': 'member',
  'moderation_cases.resolved_by': 'member',
  'moderation_cases.target_id': 'member',
  'moderation_cases.resolution_note': 'text',
  'moderation_reports.reporter_id': 'member',
  'moderation_reports.note': 'text',
  'suspensions.member_id': 'member',
  'suspensions.created_by': 'member',
  'suspensions.lifted_by': 'member',
  // operations
  'audit_log.actor_id': 'member',
  'audit_log.target_id': 'member',
  'audit_log.details': 'text',
  'outbox.to_address': 'text',
  'outbox.subject': 'text',
  'outbox.text_body': 'text',
  'outbox.html_body': 'text',
  // An announcement email's List-Unsubscribe header carries her signed token (her id): gone with her mail.
  'outbox.headers': 'text',
  // Announcements (issue 33): the author is set null with her account; her deliveries and dismissals go.
  'announcements.author_id': 'member',
  'announcement_deliveries.user_id': 'member',
  'announcement_dismissals.user_id': 'member',
  // A flag (send by email or not), named like an address.
  'announcements.send_email': 'none',
  // Billing (issue 33): her receipts, coupon redemptions and started-membership notices go with her; a
  // cancellation's reason stays for the owner's figures, without her (user_id set null, note erased).
  'invoices.user_id': 'member',
  'coupon_redemptions.user_id': 'member',
  'subscription_started_notices.user_id': 'member',
  'membership_cancellations.user_id': 'member',
  'membership_cancellations.note': 'text',
  // The coupon's terms she redeemed (code, amount off): the owner's catalogue, in a row of hers.
  'subscriptions.discount': 'row',
  // Email templates are the owner's texts; the admin who last saved one is set null with her account.
  'email_templates.key': 'none',
  'email_templates.updated_by': 'member',
  'idempotency_keys.user_id': 'member',
  'idempotency_keys.response_body': 'text',
  // the owner's catalogue and settings: no member's data
  'app_settings.value': 'none',
  'bath_ingredients.name': 'none',
  'forum_categories.name': 'none',
};

/** Named like personal data (the rule the catalogue is read with). */
const PERSONAL_NAME =
  /(^|_)(email|name|ip|ip_address|user_agent|address|phone|bio|avatar_url|image|city|country|latitude|longitude|identifier|token|secret|password|note|notes|backup_codes|account_id|target_id|key)$/;
const NOT_PERSONAL_BY_NAME = new Set([
  'app_settings.key',
  'platform_counters.key',
  'platform_counter_deltas.key',
  'assessments.key',
  'idempotency_keys.key',
]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Column {
  table: string;
  column: string;
  dataType: string;
  referencesUser: boolean;
}

async function catalogue(): Promise<Column[]> {
  return queryRows<Column>(
    t.database.db,
    sql`select c.table_name as "table", c.column_name as "column", c.data_type as "dataType",
          exists (select 1 from pg_constraint k
                  join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
                  where k.contype = 'f' and k.conrelid = format('%I', c.table_name)::regclass
                    and k.confrelid = '"user"'::regclass and a.attname = c.column_name) as "referencesUser"
        from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
        where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
  );
}

const needsClassifying = (c: Column) =>
  c.referencesUser ||
  (c.dataType === 'jsonb' && !NOT_PERSONAL_BY_NAME.has(`${c.table}.${c.column}`)) ||
  (PERSONAL_NAME.test(c.column) && !NOT_PERSONAL_BY_NAME.has(`${c.table}.${c.column}`));

describe('personal data', () => {
  it('every column that can hold personal data is classified', async () => {
    const unclassified = (await catalogue())
      .filter(needsClassifying)
      .map((c) => `${c.table}.${c.column}`)
      .filter((name) => !(name in PERSONAL_DATA));
    expect(unclassified, 'classify these in PERSONAL_DATA and make deletion erase them').toEqual([]);
    // A classified column that no longer exists is a stale entry.
    const present = new Set((await catalogue()).map((c) => `${c.table}.${c.column}`));
    expect(Object.keys(PERSONAL_DATA).filter((name) => !present.has(name))).toEqual([]);
  });

  it('after deletion, no classified column holds anything of hers', async () => {
    const unique = `${process.pid}${Date.now()}`;
    const admin = await t.signUpSubscriber('admin');
    const bea = await t.signUpSubscriber();
    const ana: TestMember = await t.signUpSubscriber();
    const name = `Anaïs Erasable ${unique}`;
    const bio = `Bio of Anaïs ${unique}`;
    const city = `Moontown${unique}`;
    const note = `Private ritual note ${unique}`;
    const agent = `H6-Agent/${unique}`;
    const db = t.database.db;
    await db.update(profiles).set({ displayName: name, bio }).where(eq(profiles.id, ana.id));
    await db.insert(userLocations).values({ userId: ana.id, latitude: 1.5, longitude: 2.5, city, country: 'Nowhere' });
    const [ritual] = await db.select().from(rituals).limit(1);
    await db.insert(dailyRituals).values({
      userId: ana.id,
      ritualId: ritual?.id ?? '',
      moonPhase: 'new_moon',
      localDate: '2026-01-01',
      notes: note,
    });
    // A session from a browser of hers.
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'user-agent': agent },
      payload: { email: ana.email, password: ana.password },
    });
    expect(signedIn.statusCode).toBe(200);
    // Things other members hold about her: a comment notification naming her, a message, a like, a
    // block, a report on her profile, an audit entry about her role, an export of hers.
    const beaPost = (
      await t.api(bea, 'POST', '/api/posts', { title: 'Bea post', content: 'x', category: 'general' })
    ).json();
    expect((await t.api(ana, 'POST', `/api/posts/${beaPost.id}/comments`, { content: 'Lovely' })).statusCode).toBe(200);
    await t.api(ana, 'POST', `/api/posts/${beaPost.id}/like`);
    const started = (await t.api(ana, 'POST', '/api/conversations', { userId: bea.id })).json();
    await t.api(ana, 'POST', `/api/conversations/${started.conversation.id}/messages`, { content: 'Hi Bea' });
    await t.api(bea, 'PUT', `/api/blocks/${ana.id}`);
    await t.api(bea, 'POST', '/api/reports', { targetType: 'profile', targetId: ana.id, reason: 'spam' });
    expect((await t.api(admin, 'PUT', `/api/users/${ana.id}/role`, { role: 'moderator' })).statusCode).toBe(200);
    // She cancels her membership, saying why in her own words.
    const cancelled = await t.api(ana, 'POST', '/api/billing/cancellation', { reason: 'other', note });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await t.api(ana, 'POST', '/api/account/export')).statusCode).toBe(200);
    while (await processNextExport(db, t.app.mediaStorage)) {}

    const needles = [ana.id, ana.email, name, bio, city, note, agent];
    const columns = (await catalogue()).filter((c) => {
      const kind = PERSONAL_DATA[`${c.table}.${c.column}`];
      return kind === 'member' || kind === 'text';
    });
    const findings = async () => {
      const found: string[] = [];
      for (const c of columns) {
        for (const needle of needles) {
          const [row] = await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from ${sql.identifier(c.table)}
                where position(${needle} in ${sql.identifier(c.column)}::text) > 0`,
          );
          if ((row?.n ?? 0) > 0) found.push(`${c.table}.${c.column} holds ${needle === ana.id ? 'her id' : needle}`);
        }
      }
      return found;
    };
    // The test can fail: before the deletion, her data is everywhere.
    const before = await findings();
    for (const column of [
      'user.email',
      'profiles.bio',
      'session.user_agent',
      'daily_rituals.notes',
      'notifications.message',
      'membership_cancellations.note',
    ]) {
      expect(
        before.some((f) => f.startsWith(`${column} `)),
        column,
      ).toBe(true);
    }

    const deleted = await t.api(ana, 'POST', '/api/account/delete', {
      password: ana.password,
      keepContent: true,
      confirmation: 'DELETE',
    });
    expect(deleted.statusCode).toBe(200);
    expect(await findings()).toEqual([]);
  });
});
