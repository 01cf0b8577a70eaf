import type { ProfileDetail, UpdateProfileBody } from '@lunara/shared/profiles';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { and, count, eq, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { formerMembers } from '../../db/schema/account-data.ts';
import { posts, userPoints } from '../../db/schema/community.ts';
import { profiles } from '../../db/schema/members.ts';
import { notFound } from '../../errors.ts';
import { circleContentVisibleToMember } from '../circles/circle-access.ts';
import { ensurePointsRow } from '../points/member-points-service.ts';

/** A member's profile with her stats; opening it creates her points row if she has none (spec). */
export async function getProfile(db: Db, viewerId: string, profileId: string): Promise<ProfileDetail> {
  const [profile] = await db
    .select()
    .from(profiles)
    .where(
      and(
        eq(profiles.id, profileId),
        // A deleted account's "Former member" has no profile page (issue 30).
        notExists(
          db.select({ id: formerMembers.userId }).from(formerMembers).where(eq(formerMembers.userId, profileId)),
        ),
      ),
    );
  if (!profile) throw notFound('This member no longer exists');
  await ensurePointsRow(db, profileId);
  const [points] = await db.select().from(userPoints).where(eq(userPoints.userId, profileId));
  // "Posts" are her feed posts alone: the maintained posts_count also counts forum topics (first_post).
  // Those in circles count only for a viewer who may see them (a circle's members and staff).
  const [posted] = await db
    .select({ n: count() })
    .from(posts)
    .where(and(eq(posts.userId, profileId), circleContentVisibleToMember(sql`${viewerId}`, posts.circleId)));
  return {
    id: profile.id,
    displayName: profile.displayName,
    avatarUrl: servedAvatarUrl(profile.avatarUrl),
    bio: profile.bio,
    membershipStatus: profile.membershipStatus === 'active' ? 'active' : 'inactive',
    createdAt: profile.createdAt.toISOString(),
    isMe: profile.id === viewerId,
    stats: {
      points: points?.points ?? 0,
      level: points?.level ?? 1,
      postsCount: posted?.n ?? 0,
      commentsCount: points?.commentsCount ?? 0,
      likesReceived: points?.likesReceived ?? 0,
      currentStreak: points?.currentStreak ?? 0,
      badges: points?.badges ?? [],
    },
  };
}

/**
 * Only the owner edits a profile: the route offers no way to name anyone else's. Her photo is not
 * edited here: it changes only by upload or removal (the media routes).
 */
export async function updateOwnProfile(db: Db, userId: string, input: UpdateProfileBody): Promise<ProfileDetail> {
  await db
    .update(profiles)
    .set({
      displayName: input.displayName,
      ...(input.bio !== undefined ? { bio: input.bio } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.id, userId));
  return getProfile(db, userId, userId);
}
