import type { PostingRules } from '@lunara/shared/account-settings';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings, auditLog } from '../../db/schema/operations.ts';

/** The `app_settings` row of the owner's rule; absent (the default) means not required. */
export const REQUIRE_VERIFIED_EMAIL_KEY = 'require_verified_email_to_post';

export async function getPostingRules(db: Db): Promise<PostingRules> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, REQUIRE_VERIFIED_EMAIL_KEY));
  return { requireVerifiedEmail: row?.value === 'true' };
}

/** An admin sets the rule; the change and who made it go to the audit log in the same transaction. */
export async function setPostingRules(db: Db, actorId: string, rules: PostingRules): Promise<PostingRules> {
  const value = String(rules.requireVerifiedEmail);
  await db.transaction(async (tx) => {
    await tx
      .insert(appSettings)
      .values({ key: REQUIRE_VERIFIED_EMAIL_KEY, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value } });
    await tx.insert(auditLog).values({
      actorId,
      action: 'settings.require_verified_email',
      targetType: 'setting',
      targetId: REQUIRE_VERIFIED_EMAIL_KEY,
      details: { enabled: rules.requireVerifiedEmail },
    });
  });
  return rules;
}
