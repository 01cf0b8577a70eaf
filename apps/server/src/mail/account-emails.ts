import type { Db } from '../db/client.ts';
import { templateMail } from '../modules/email-templates/template-service.ts';
import type { Mail } from './mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The link that confirms a new sign-in address: sent to that address, which changes only when it is followed. */
export function emailChangeLinkEmail(productName: string, to: string, url: string): Mail {
  const lines = [
    `You asked to sign in to ${productName} with this email address from now on.`,
    'Follow the link below to confirm it. It works for one hour; until then your old address stays.',
  ];
  const footer = 'If you did not ask for this, ignore this email: nothing changes.';
  const text = [...lines, '', `Confirm my new email: ${url}`, '', footer].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(url)}">Confirm my new email</a></p>`,
    `<p style="color:#666">${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { to, subject: `Confirm your new email for ${productName}`, text, html };
}

/**
 * Sent to the old address when a change is asked for: if a stolen session asked, its owner hears of it
 * while the old address still signs in (and can change the password, which ends the other sessions).
 */
export function emailChangeNoticeEmail(productName: string, to: string, newEmail: string, settingsUrl: string): Mail {
  const lines = [
    `Someone signed in to your ${productName} account asked to change its email to ${newEmail}.`,
    'Nothing changes unless the link we sent to that address is followed. Until then you sign in with this one.',
    'If this was not you, change your password now and sign out your other devices in your account settings.',
  ];
  const text = [...lines, '', `Account settings: ${settingsUrl}`].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(settingsUrl)}">Open your account settings</a></p>`,
  ].join('\n');
  return { to, subject: `Your ${productName} email is being changed`, text, html };
}

/** The payload of better-auth's emailed token (a JWT: its middle part), read for what kind of link it is. */
export function emailLinkPayload(url: string): { email?: string; updateTo?: string; requestType?: string } {
  try {
    const token = new URL(url).searchParams.get('token') ?? '';
    const part = token.split('.')[1] ?? '';
    const payload = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
    const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : undefined);
    return { email: text('email'), updateTo: text('updateTo'), requestType: text('requestType') };
  } catch {
    return {};
  }
}

/**
 * The mail for better-auth's sendVerificationEmail: a sign-up's confirmation, in the owner's welcome
 * template (admin Settings, issue 33; greeting her by the name she gave), or (when the link's token
 * carries `updateTo`) the confirmation of a new address, sent to that address in its fixed wording.
 */
export async function addressConfirmationMail(
  db: Db,
  app: { productName: string; appUrl: string },
  member: { email: string; name?: string | null },
  url: string,
): Promise<Mail> {
  if (emailLinkPayload(url).updateTo) return emailChangeLinkEmail(app.productName, member.email, url);
  return templateMail(db, app, 'welcome', member.email, { name: member.name, link: url });
}
