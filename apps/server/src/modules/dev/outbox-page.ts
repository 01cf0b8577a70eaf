const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Turns the http(s) links of an escaped text into anchors. */
const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  status: string;
  createdAt: Date;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1e1b2e;background:#faf7f2}
h1{font-family:Georgia,serif;font-weight:500}article{background:#fff;border:1px solid #e6e0d6;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}
pre{white-space:pre-wrap;font:inherit;margin:.5rem 0 0}.meta{color:#5b5670;font-size:.875rem}a{color:#7a3e6a}`;

export function renderOutboxPage(productName: string, mails: OutboxMail[]): string {
  const items = mails.length
    ? mails
        .map(
          (mail) => `<article>
  <div class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt.toISOString())} · ${escapeHtml(mail.status)}</div>
  <h2>${escapeHtml(mail.subject)}</h2>
  <pre>${linkify(escapeHtml(mail.text))}</pre>
</article>`,
        )
        .join('\n')
    : '<p>No emails yet. Sign up or ask for a password reset and they will appear here.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Outbox · ${escapeHtml(productName)}</title><style>${STYLE}</style></head>
<body><h1>Development outbox</h1>
<p class="meta">Emails ${escapeHtml(productName)} would have sent (no SMTP_URL is configured). Newest first; this page does not exist in production.</p>
${items}
</body></html>`;
}
