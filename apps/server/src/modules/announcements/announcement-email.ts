import type { Mail } from '../../mail/mailer.ts';
import { renderMarkdownForEmail } from '../../mail/markdown.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface AnnouncementEmailInput {
  productName: string;
  appUrl: string;
  to: string;
  title: string;
  body: string;
  /** The API address a mail client posts to (RFC 8058), with her token. */
  oneClickUrl: string;
  /** The page she opens from the visible link, with her token. */
  unsubscribePageUrl: string;
}

/**
 * One member's copy: the Markdown body rendered safely (mail/markdown.ts), a link to the community,
 * the visible unsubscribe link, and the List-Unsubscribe headers of RFC 8058 (one-click: a mail client
 * posts `List-Unsubscribe=One-Click` to the https address; it never opens a page).
 */
export function announcementEmail(input: AnnouncementEmailInput): Mail {
  const rendered = renderMarkdownForEmail(input.body, input.appUrl);
  const communityUrl = new URL('/community', input.appUrl).toString();
  const footer = `You receive announcements from ${input.productName} as a member.`;
  const text = [
    input.title,
    '',
    rendered.text,
    '',
    `Open the community: ${communityUrl}`,
    '',
    '--',
    footer,
    `Stop announcement emails: ${input.unsubscribePageUrl}`,
  ].join('\n');
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f1638;max-width:600px">',
    `<h1 style="font-family:Georgia,serif;font-size:24px;margin:0 0 16px">${escapeHtml(input.title)}</h1>`,
    rendered.html,
    `<p style="margin:24px 0"><a href="${escapeHtml(communityUrl)}" style="color:#6b4fa8">Open the community</a></p>`,
    `<p style="color:#666;font-size:13px;border-top:1px solid #ddd;padding-top:12px">${escapeHtml(footer)} `,
    `<a href="${escapeHtml(input.unsubscribePageUrl)}" style="color:#666">Stop announcement emails</a></p>`,
    '</div>',
  ].join('\n');
  return {
    to: input.to,
    subject: input.title,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
