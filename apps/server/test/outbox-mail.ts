import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { outbox } from '../src/db/schema/operations.ts';
import type { TestApp } from './test-app.ts';

/** The mails queued to an address, newest first. */
export async function mailsTo(t: TestApp, email: string) {
  return t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.toAddress, email.toLowerCase()))
    .orderBy(desc(outbox.createdAt), desc(outbox.id));
}

/** The links of the newest mail to `email` whose subject starts with `subject` (none when there is no such mail). */
export async function linksInMail(t: TestApp, email: string, subject: string): Promise<string[]> {
  const mail = (await mailsTo(t, email)).find((row) => row.subject.startsWith(subject));
  return mail?.textBody.match(/https?:\/\/\S+/g) ?? [];
}

/**
 * Follows the newest "Confirm your email" link sent to `email`, as a browser would: with the session
 * `cookie` it holds, or none (a mail client, another device).
 */
export async function followConfirmationLink(
  t: TestApp,
  email: string,
  cookie?: string,
): Promise<LightMyRequestResponse> {
  const [link] = await linksInMail(t, email, 'Confirm your email');
  if (!link) throw new Error(`No confirmation mail to ${email}`);
  const url = new URL(link);
  return t.request({ method: 'GET', url: `${url.pathname}${url.search}`, cookie });
}

/** Asks for a reset link for `email` and sets `newPassword` with the token it carries, as its owner would. */
export async function resetPasswordByEmail(
  t: TestApp,
  email: string,
  newPassword: string,
): Promise<LightMyRequestResponse> {
  await t.request({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
  const [link] = await linksInMail(t, email, 'Reset your');
  const token = link?.match(/reset-password\/([\w-]+)/)?.[1];
  if (!token) throw new Error(`No reset mail to ${email}`);
  return t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });
}
