import type { MeResponse } from '@lunara/shared/session';
import { parseThemeChoice } from '@lunara/shared/theme';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/members.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { recordDailyVisit } from '../points/member-points-service.ts';

export async function getCurrentUser(db: Db, member: SessionUser | null): Promise<MeResponse> {
  if (!member) return { user: null };
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, member.id));
  if (!profile) return { user: null };
  return {
    user: {
      id: member.id,
      email: member.email,
      emailVerified: member.emailVerified,
      twoFactorEnabled: member.twoFactorEnabled,
      role: member.role,
      profile: {
        id: profile.id,
        displayName: profile.displayName,
        avatarUrl: servedAvatarUrl(profile.avatarUrl),
        bio: profile.bio,
        membershipStatus: profile.membershipStatus === 'active' ? 'active' : 'inactive',
        createdAt: profile.createdAt.toISOString(),
      },
      theme: parseThemeChoice(profile.theme),
    },
  };
}

/**
 * The session as the app opens: /api/me and the boot data of a served page. Opening the app is the
 * daily visit that keeps the login streak (+1 a day, +50 every 7th); a failure there is only logged.
 */
export async function openSession(
  db: Db,
  member: SessionUser | null,
  log: { error: (details: object, message: string) => void },
): Promise<MeResponse> {
  if (member)
    await recordDailyVisit(db, member.id).catch((error) => log.error({ err: error }, 'daily visit not recorded'));
  return getCurrentUser(db, member);
}
