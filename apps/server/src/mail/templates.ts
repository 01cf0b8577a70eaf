import type { Mail } from './mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const IGNORE_IF_NOT_YOU = 'If you did not ask for this, you can ignore this email.';

function linkMail(
  to: string,
  subject: string,
  lines: string[],
  link: { label: string; url: string },
  footer = IGNORE_IF_NOT_YOU,
): Mail {
  const text = [...lines, '', `${link.label}: ${link.url}`, '', footer].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    `<p style="color:#666">${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

// The welcome (sign-up confirmation) and password-reset emails are the owner's templates:
// modules/email-templates (issue 33).

/**
 * Sign-up with an address that already has an account answers as a new account would, so that the form
 * does not tell strangers who is a member; the owner of the address hears of it here instead.
 */
export function signUpAttemptEmail(
  productName: string,
  to: string,
  links: { signInUrl: string; resetPasswordUrl: string },
): Mail {
  const subject = `Someone tried to sign up to ${productName} with your email`;
  const lines = [
    `Someone tried to create a ${productName} account with this email address, which already has one.`,
    'If it was you, sign in with your password, or choose a new one if you have forgotten it.',
  ];
  const footer = 'If it was not you, your account is safe: nothing was changed, and you can ignore this email.';
  const text = [
    ...lines,
    '',
    `Sign in: ${links.signInUrl}`,
    `Reset my password: ${links.resetPasswordUrl}`,
    '',
    footer,
  ].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(links.signInUrl)}">Sign in</a> · <a href="${escapeHtml(links.resetPasswordUrl)}">Reset my password</a></p>`,
    `<p style="color:#666">${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

export interface DigestItem {
  title: string;
  message: string;
}

/** Several notifications in one email, newest first; the rest are counted. */
export function notificationDigestEmail(
  productName: string,
  to: string,
  items: DigestItem[],
  total: number,
  communityUrl: string,
): Mail {
  const subject =
    total === 1 && items[0] ? `${items[0].title} · ${productName}` : `${total} new notifications · ${productName}`;
  const lines = items.map((item) => `${item.title}: ${item.message}`);
  if (total > items.length) lines.push(`…and ${total - items.length} more.`);
  return linkMail(
    to,
    subject,
    ['While you were away, sister:', ...lines],
    { label: 'Open the Sisterhood', url: communityUrl },
    'You receive these because Email Notifications are on. Turn them off in Notification Preferences (the bell in the community).',
  );
}
