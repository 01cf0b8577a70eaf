import { defaultDisplayName } from '@lunara/shared/auth';
import { type GenericEndpointContext, generateId } from 'better-auth';
import { parseUserOutput } from 'better-auth/db';
import type { Mailer } from '../mail/mailer.ts';
import { signUpAttemptEmail } from '../mail/templates.ts';

interface ExistingMemberDeps {
  mailer: Mailer;
  productName: string;
  appUrl: string;
}

/**
 * Sign-up with an address that already has an account: better-auth would answer 422 "already exists",
 * which tells anyone who is a member. Instead she gets the answer a new account gets (200, a `user` of
 * the same shape, `token: null`) without a session, and the owner of the address is told by email.
 * Returns undefined for a new address, so that better-auth creates the account.
 */
export async function answerExistingMemberSignUp(ctx: GenericEndpointContext, deps: ExistingMemberDeps) {
  const body = (ctx.body ?? {}) as { email?: unknown; name?: unknown; password?: unknown };
  if (typeof body.email !== 'string') return undefined;
  const email = body.email.trim().toLowerCase();
  const found = await ctx.context.internalAdapter.findUserByEmail(email);
  if (!found) return undefined;

  // As better-auth's own answer for this case: hashing the password costs what creating the account
  // would, so the answer is not faster for an address that has an account.
  if (typeof body.password === 'string') await ctx.context.password.hash(body.password);
  await deps.mailer.send(
    signUpAttemptEmail(deps.productName, found.user.email, {
      signInUrl: new URL('/auth', deps.appUrl).href,
      resetPasswordUrl: new URL('/auth?mode=forgot', deps.appUrl).href,
    }),
  );

  const now = new Date();
  const lookalike = {
    id: ctx.context.generateId({ model: 'user' }) || generateId(),
    name: typeof body.name === 'string' ? body.name : defaultDisplayName(email),
    email,
    emailVerified: false,
    image: null,
    // A new account's answer carries the two-factor plugin's field too: leaving it out would tell them apart.
    twoFactorEnabled: false,
    createdAt: now,
    updatedAt: now,
  };
  return ctx.json({ token: null, user: parseUserOutput(ctx.context.options, lookalike) });
}
