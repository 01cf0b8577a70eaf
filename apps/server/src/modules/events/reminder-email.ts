import type { Mail } from '../../mail/mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const FOOTER =
  'You receive this because you are going (or may go) and Email Notifications are on. Turn event reminders off with Event Notifications in Notification Preferences (the bell in the community).';

/** The reminder by email: the same line as her notification, and the way to the event. */
export function eventReminderEmail(productName: string, to: string, message: string, eventUrl: string): Mail {
  const text = [message, '', `Open the event: ${eventUrl}`, '', FOOTER].join('\n');
  const html = [
    `<p>${escapeHtml(message)}</p>`,
    `<p><a href="${escapeHtml(eventUrl)}">Open the event</a></p>`,
    `<p style="color:#666">${escapeHtml(FOOTER)}</p>`,
  ].join('\n');
  return { to, subject: `${message} · ${productName}`, text, html };
}
