import type { GenericEndpointContext } from 'better-auth';
import { APIError, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { emailChangeNoticeEmail, emailLinkPayload } from '../mail/account-emails.ts';
import type { Mailer } from '../mail/mailer.ts';

type HookContext = GenericEndpointContext;

/**
 * Changing the sign-in email (better-auth's change-email, issue 30). better-auth asks for no password,
 * yet a new address that is someone else's is the way to take an account over (a reset link then goes
 * there), so the current password is checked here, before the endpoint runs. A wrong one is a 400 like
 * change-password's; the per-member limit of the route (auth-endpoints.ts) bounds guessing.
 */
export async function checkPasswordForEmailChange(ctx: HookContext): Promise<void> {
  const session = await getSessionFromCtx(ctx);
  // No session: the endpoint itself answers 401.
  if (!session) return;
  const body = (ctx.body ?? {}) as { currentPassword?: unknown };
  const account = await ctx.context.internalAdapter.findCredentialAccount(session.user.id);
  const password = typeof body.currentPassword === 'string' ? body.currentPassword : '';
  const valid = account?.password ? await ctx.context.password.verify({ hash: account.password, password }) : false;
  if (!valid) {
    throw new APIError('BAD_REQUEST', { code: 'INVALID_PASSWORD', message: 'That is not your current password' });
  }
}

/**
 * After a change was asked for, the old address is told (whether or not the new one has an account:
 * better-auth answers both alike, and so does this notice, so it tells nobody which addresses are taken).
 */
export async function noticeOldAddress(
  ctx: HookContext,
  deps: { mailer: Mailer; productName: string; appUrl: string },
): Promise<void> {
  // In an after hook the endpoint's answer (or its error) is `context.returned`.
  const { returned } = ctx.context as { returned?: unknown };
  if (returned === undefined || isAPIError(returned)) return;
  const session = await getSessionFromCtx(ctx);
  const body = (ctx.body ?? {}) as { newEmail?: unknown };
  if (!session || typeof body.newEmail !== 'string') return;
  const settingsUrl = new URL('/settings#email-section', deps.appUrl).href;
  await deps.mailer.send(
    emailChangeNoticeEmail(deps.productName, session.user.email, body.newEmail.trim().toLowerCase(), settingsUrl),
  );
}

/** Whether a request to the verification link is the confirmation of a new address (not a sign-up's). */
export function isEmailChangeConfirmation(request: Request | undefined): boolean {
  if (!request) return false;
  return emailLinkPayload(request.url).requestType === 'change-email-verification';
}
