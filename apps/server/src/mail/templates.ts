import type { Mail } from './mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function linkMail(to: string, subject: string, lines: string[], link: { label: string; url: string }): Mail {
  const text = [
    ...lines,
    '',
    `${link.label}: ${link.url}`,
    '',
    'If you did not ask for this, you can ignore this email.',
  ].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    '<p style="color:#666">If you did not ask for this, you can ignore this email.</p>',
  ].join('\n');
  return { to, subject, text, html };
}

export function verificationEmail(productName: string, to: string, url: string): Mail {
  return linkMail(
    to,
    `Confirm your email for ${productName}`,
    [`Welcome to ${productName}, sister.`, 'Please confirm your email address to complete your sign-up.'],
    { label: 'Confirm my email', url },
  );
}

export function passwordResetEmail(productName: string, to: string, url: string): Mail {
  return linkMail(
    to,
    `Reset your ${productName} password`,
    ['We received a request to reset your password.', 'The link below is valid for one hour.'],
    { label: 'Choose a new password', url },
  );
}
