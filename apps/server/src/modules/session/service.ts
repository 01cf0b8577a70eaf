import type { MeResponse } from '@lunara/shared/session';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/members.ts';
import type { SessionUser } from '../../plugins/auth.ts';

export async function getCurrentUser(db: Db, member: SessionUser | null): Promise<MeResponse> {
  if (!member) return { user: null };
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, member.id));
  if (!profile) return { user: null };
  return {
    user: {
      id: member.id,
      email: member.email,
      emailVerified: member.emailVerified,
      role: member.role,
      profile: {
        id: profile.id,
        displayName: profile.displayName,
        avatarUrl: profile.avatarUrl,
        bio: profile.bio,
        membershipStatus: profile.membershipStatus === 'active' ? 'active' : 'inactive',
        createdAt: profile.createdAt.toISOString(),
      },
    },
  };
}
