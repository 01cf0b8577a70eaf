import { randomUUID } from 'node:crypto';
import {
  DELETE_BILLING_FAILED,
  DELETE_LAST_ADMIN,
  DELETE_NO_PASSWORD,
  DELETE_WRONG_PASSWORD,
  FORMER_MEMBER_NAME,
} from '@lunara/shared/account-data';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '../../auth/create-auth.ts';
import type { Db } from '../../db/client.ts';
import { dataExports, formerMembers } from '../../db/schema/account-data.ts';
import { account, user } from '../../db/schema/auth.ts';
import { profiles, userRoles } from '../../db/schema/members.ts';
import { AppError, badRequest, conflict } from '../../errors.ts';
import type { BillingProvider } from '../billing/provider.ts';
import { announceSessionChange } from '../session/session-cache.ts';
import { queueExportFiles } from './export-service.ts';

const ALREADY_DELETED = 'This account has already been deleted';

export interface DeleteAccountInput {
  userId: string;
  email: string;
  password: string;
  /** Her posts, comments, topics and replies stay under a "Former member" (true) or are deleted (false). */
  keepContent: boolean;
}

/** better-auth's own check of her credential password (the hash it wrote), no session change. */
async function passwordMatches(auth: Auth, db: Db, userId: string, password: string): Promise<boolean> {
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  if (!credential?.hash) {
    // A second tab's request after the first deleted her: say so, not "set a password".
    const [still] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
    if (!still) throw conflict(ALREADY_DELETED);
    throw badRequest(DELETE_NO_PASSWORD);
  }
  const context = await auth.$context;
  return context.password.verify({ hash: credential.hash, password });
}

/** Refuses while she is the only admin (nobody could make another); locks the admin rows when asked. */
async function assertNotLastAdmin(db: Db, userId: string, lock: boolean): Promise<void> {
  const query = db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin'));
  const admins = lock ? await query.for('update') : await query;
  if (admins.length === 1 && admins[0]?.userId === userId) throw conflict(DELETE_LAST_ADMIN);
}

/**
 * "Delete my account". In order: her password (better-auth's hash check), the last-admin rule, her
 * subscription cancelled at the provider (a failure stops everything here, nothing deleted), then one
 * transaction that moves what stays to a tombstone account of its own and deletes her `user` row,
 * which takes with it (foreign keys, ON DELETE CASCADE) everything else of hers. Her sessions go with
 * it; the session trigger's NOTIFY ends her event streams in every process.
 */
export async function deleteAccount(
  deps: { db: Db; auth: Auth; billing: BillingProvider; log: FastifyBaseLogger },
  input: DeleteAccountInput,
): Promise<void> {
  const { db, auth, billing, log } = deps;
  if (!(await passwordMatches(auth, db, input.userId, input.password))) throw badRequest(DELETE_WRONG_PASSWORD);
  await assertNotLastAdmin(db, input.userId, false);
  try {
    await billing.cancelSubscriptionsNow({ id: input.userId, email: input.email });
  } catch (error) {
    log.error({ err: error, userId: input.userId }, 'account deletion: cancelling the subscription failed');
    throw new AppError('BUSY', 503, DELETE_BILLING_FAILED);
  }
  await db.transaction((tx) => eraseAccount(tx, input.userId, input.keepContent));
  announceSessionChange(input.userId);
}

/** The erasure itself, in the caller's transaction (exported for the personal-data test). */
export async function eraseAccount(tx: Db, me: string, keepContent: boolean): Promise<string> {
  // Her row first: two deletions at once (two tabs) queue here, and the second finds nothing.
  const [her] = await tx
    .select({ id: user.id, email: user.email, name: profiles.displayName })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, me))
    .for('update', { of: user });
  if (!her) throw conflict(ALREADY_DELETED);
  await assertNotLastAdmin(tx, me, true);

  // The tombstone: its own account (the trigger adds its profile and role), no credentials, an address
  // no mail can reach. It is not a member: the profiles total moves back by one, and lists and profile
  // pages leave out former_members.
  const tomb = randomUUID();
  await tx.insert(user).values({
    id: tomb,
    name: FORMER_MEMBER_NAME,
    email: `former-${tomb}@deleted.invalid`,
    emailVerified: false,
  });
  await tx
    .update(profiles)
    .set({ displayName: FORMER_MEMBER_NAME, avatarUrl: null, bio: null })
    .where(eq(profiles.id, tomb));
  await tx.insert(formerMembers).values({ userId: tomb });
  await tx.execute(sql`insert into platform_counter_deltas (key, delta) values ('profiles', -1)`);

  // Messages stay for the other person, from "Former member". A direct pair is stored ordered
  // (participant_a < participant_b), so both sides are rewritten together.
  await tx.execute(sql`
    update conversations set
      participant_a = least(case when participant_a = ${me} then ${tomb} else participant_a end,
                            case when participant_b = ${me} then ${tomb} else participant_b end),
      participant_b = greatest(case when participant_a = ${me} then ${tomb} else participant_a end,
                               case when participant_b = ${me} then ${tomb} else participant_b end)
    where participant_a = ${me} or participant_b = ${me}`);
  await tx.execute(sql`update messages set sender_id = ${tomb} where sender_id = ${me}`);
  await tx.execute(sql`update messages set recipient_id = ${tomb} where recipient_id = ${me}`);

  // Why she cancelled stays for the owner's churn figures (its user_id goes null with her), but not her
  // own words about it.
  await tx.execute(sql`update membership_cancellations set note = null where user_id = ${me}`);

  // Likes she gave go (with her account); the posts' counts follow. Points others earned stay theirs.
  await tx.execute(sql`
    update posts p set likes_count = greatest(p.likes_count - 1, 0)
    from post_likes l where l.post_id = p.id and l.user_id = ${me}`);
  await tx.execute(sql`delete from post_likes where user_id = ${me}`);
  // Her reactions go too (her account's cascade would leave the counts behind), and so the counts follow.
  await tx.execute(sql`
    update post_reaction_counts c set count = greatest(c.count - 1, 0)
    from post_reactions r where r.post_id = c.post_id and r.reaction = c.reaction and r.user_id = ${me}`);
  await tx.execute(sql`delete from post_reactions where user_id = ${me}`);

  if (keepContent) {
    await tx.execute(sql`update posts set user_id = ${tomb} where user_id = ${me}`);
    await tx.execute(sql`update post_comments set user_id = ${tomb} where user_id = ${me}`);
    await tx.execute(sql`update forum_topics set user_id = ${tomb} where user_id = ${me}`);
    await tx.execute(sql`update forum_replies set user_id = ${tomb} where user_id = ${me}`);
    await tx.execute(sql`update forum_topics set last_reply_user_id = ${tomb} where last_reply_user_id = ${me}`);
    // Earlier versions of what stays stay with it, for moderators (her account's cascade would take them).
    await tx.execute(sql`update content_revisions set editor_id = ${tomb} where editor_id = ${me}`);
    // The pictures of the posts that stay stay with them (the rest of her uploads go with her account).
    await tx.execute(sql`
      with moved as (
        update media_files set owner_id = ${tomb}
        where owner_id = ${me} and post_id is not null and kind = 'post_image'
        returning byte_size)
      insert into member_storage (user_id, bytes, files)
      select ${tomb}, coalesce(sum(byte_size), 0), count(*) from moved having count(*) > 0`);
    await tx.execute(sql`update moderation_cases set author_id = ${tomb} where author_id = ${me}`);
  } else {
    // Counts on what stays: other members' posts lose her comments, their topics her replies.
    await tx.execute(sql`
      update posts p set comments_count = greatest(p.comments_count - c.n, 0)
      from (select post_id, count(*)::int as n from post_comments where user_id = ${me} group by post_id) c
      where p.id = c.post_id and p.user_id <> ${me}`);
    await tx.execute(sql`
      update forum_topics t set
        replies_count = greatest(t.replies_count - r.n, 0),
        last_reply_at = last.created_at,
        last_reply_user_id = last.user_id,
        last_activity_at = coalesce(last.created_at, t.created_at)
      from (select topic_id, count(*)::int as n from forum_replies where user_id = ${me} group by topic_id) r
      left join lateral (
        select fr.created_at, fr.user_id from forum_replies fr
        where fr.topic_id = r.topic_id and fr.user_id <> ${me}
        order by fr.created_at desc, fr.id desc limit 1) last on true
      where t.id = r.topic_id and t.user_id <> ${me}`);
    // Her posts and topics take their comments, likes, replies and pictures with them (cascades; the
    // media trigger queues the files). Deleted here, before her account, so the counts above hold.
    await tx.execute(sql`delete from post_comments where user_id = ${me}`);
    await tx.execute(sql`delete from forum_replies where user_id = ${me}`);
    await tx.execute(sql`delete from posts where user_id = ${me}`);
    await tx.execute(sql`delete from forum_topics where user_id = ${me}`);
  }

  // Staff records keep their history without her: a report on her profile and audit entries about her
  // point at the tombstone (entries she made lose their actor by the foreign key).
  await tx.execute(
    sql`update moderation_cases set target_id = ${tomb} where target_type = 'profile' and target_id = ${me}`,
  );
  await tx.execute(sql`update audit_log set target_id = ${tomb} where target_type = 'user' and target_id = ${me}`);

  // Her name in other members' notifications ("Anna commented on your post") becomes "Former member",
  // and she leaves the lists of who liked what. Rare enough (one deletion) to read the table for it.
  if (her.name) {
    await tx.execute(sql`
      update notifications set
        title = case when title = ${`New message from ${her.name}`} then ${`New message from ${FORMER_MEMBER_NAME}`} else title end,
        message = case when starts_with(message, ${`${her.name} `}) then ${FORMER_MEMBER_NAME} || substr(message, ${her.name.length + 1}) else message end
      where user_id <> ${me} and (title = ${`New message from ${her.name}`} or starts_with(message, ${`${her.name} `}))`);
  }
  await tx.execute(sql`
    update notifications set data = jsonb_set(data, '{likerIds}', (data->'likerIds') - ${me})
    where data->'likerIds' ? ${me}`);

  // Mail waiting for (or already sent to) her address, better-auth's tokens for her, and the provider's
  // webhook records that name her customer: none of it may outlive her account.
  await tx.execute(sql`delete from outbox where lower(to_address) = lower(${her.email})`);
  await tx.execute(
    sql`delete from verification where position(${me} in value) > 0 or position(${her.email} in identifier) > 0`,
  );
  await tx.execute(sql`
    delete from billing_events e using billing_customers c
    where c.user_id = ${me} and position(c.provider_customer_id in e.payload::text) > 0`);

  // Export files: the rows go with her account, their files through the media deletion queue.
  const exports = await tx.select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.userId, me));
  await queueExportFiles(
    tx,
    exports.map((row) => row.id),
  );

  // Everything else of hers goes with the row (ON DELETE CASCADE / SET NULL): profile, role, sessions,
  // credentials, two-factor, subscriptions and billing customer, points and badges, progress, rituals
  // and notes, baths, assessment results, memberships, RSVPs, blocks, mutes, reports she filed,
  // suspensions, notifications and preferences, idempotency keys, media rows (storage queued by trigger).
  await tx.delete(user).where(eq(user.id, me));
  return tomb;
}
