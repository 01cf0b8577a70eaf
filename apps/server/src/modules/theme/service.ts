import type { ThemeChoice } from '@lunara/shared/theme';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/members.ts';

/** Saves her choice on her profile; saving the same choice twice is the same as once. */
export async function saveThemeChoice(db: Db, userId: string, theme: ThemeChoice): Promise<{ theme: ThemeChoice }> {
  await db.update(profiles).set({ theme, updatedAt: new Date() }).where(eq(profiles.id, userId));
  return { theme };
}
