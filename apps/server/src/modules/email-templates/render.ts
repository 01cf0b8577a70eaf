import { EMAIL_TEMPLATES, type EmailTemplateKey } from '@lunara/shared/email-templates';
import { AppError } from '../../errors.ts';

/**
 * The owner's email templates: a subject and a Markdown body with `{{variables}}`. The Markdown is a small,
 * safe subset (paragraphs, line breaks, `#` headings, `-` lists, `**bold**`, `*italic*`, `[text](link)`):
 * the source is HTML-escaped first, so nothing she types becomes markup, and the variables' values are
 * substituted after the markup is built, escaped again. Links go only to the app's own origin.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;
const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;
const BARE_URL = /\bhttps?:\/\/[^\s)<>"']+/gi;

export type TemplateValues = Record<string, string>;

const refuse = (message: string) => new AppError('VALIDATION_ERROR', 400, message);
const listed = (names: string[]) => names.map((name) => `{{${name}}}`).join(', ');

/** Whether a link target is allowed: the {{link}} variable, a path of the app, or an address on its origin. */
function allowedTarget(target: string, appOrigin: string): boolean {
  if (/^\{\{\s*link\s*\}\}$/.test(target)) return true;
  if (target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')) return true;
  try {
    const url = new URL(target);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === appOrigin;
  } catch {
    return false;
  }
}

/** Refuses a template the email could not be sent with: unknown or missing variables, foreign links. */
export function checkTemplate(key: EmailTemplateKey, subject: string, body: string, appUrl: string): void {
  const allowed = EMAIL_TEMPLATES[key].variables;
  const allowedNames = allowed.map((variable) => variable.name);
  const label = EMAIL_TEMPLATES[key].label;
  for (const text of [subject, body]) {
    const withoutPlaceholders = text.replace(PLACEHOLDER, '');
    if (withoutPlaceholders.includes('{{') || withoutPlaceholders.includes('}}')) {
      throw refuse(`A variable is written {{name}}: one of ${listed(allowedNames)}. Check the braces.`);
    }
    for (const [, name] of text.matchAll(PLACEHOLDER)) {
      if (!allowedNames.includes(name ?? '')) {
        throw refuse(`Unknown variable {{${name}}}: the ${label} can use ${listed(allowedNames)}`);
      }
    }
  }
  const inBody = new Set([...body.matchAll(PLACEHOLDER)].map(([, name]) => name));
  for (const variable of allowed) {
    if (variable.required && !inBody.has(variable.name)) {
      throw refuse(`The ${label} must contain {{${variable.name}}} (${variable.description.toLowerCase()})`);
    }
  }
  const origin = new URL(appUrl).origin;
  for (const [, , target] of body.matchAll(LINK)) {
    if (!allowedTarget(target ?? '', origin)) {
      throw refuse(`Links can only go to ${origin} (or use {{link}}): ${target} cannot be used`);
    }
  }
  for (const [url] of body.replace(LINK, '').matchAll(BARE_URL)) {
    if (!allowedTarget(url, origin)) throw refuse(`Links can only go to ${origin}: ${url} cannot be used`);
  }
}

/** A value for {{link}}: only an http(s) address on the app's origin; anything else becomes the app's address. */
function safeLink(value: string | undefined, appUrl: string): string {
  const origin = new URL(appUrl).origin;
  if (value && allowedTarget(value, origin) && /^https?:/i.test(value)) return value;
  return new URL('/', appUrl).toString();
}

function substitute(text: string, values: TemplateValues, encode: (value: string) => string): string {
  return text.replace(PLACEHOLDER, (_, name: string) => encode(values[name] ?? ''));
}

function absolute(target: string, appUrl: string): string {
  return target.startsWith('/') ? new URL(target, appUrl).toString() : target;
}

function inlineHtml(escapedLine: string): string {
  const links: string[] = [];
  // Links first, out of the way of the emphasis rules (an address may hold * or _); the line is escaped,
  // so a raw < marks only these placeholders.
  let line = escapedLine.replace(LINK, (_, label: string, target: string) => {
    links.push(`<a href="${target}" style="color:#9d4b73">${label}</a>`);
    return `<@${links.length - 1}@>`;
  });
  line = line
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*\s][^*]*)\*/g, '<em>$1</em>')
    .replace(/(^|\W)_([^_\s][^_]*)_(?=\W|$)/g, '$1<em>$2</em>');
  return line.replace(/<@(\d+)@>/g, (_, index: string) => links[Number(index)] ?? '');
}

/** The Markdown subset to HTML; the source is escaped before any markup is added. */
export function markdownToHtml(body: string): string {
  const blocks = body.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  const html: string[] = [];
  for (const block of blocks) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    const heading = lines.length === 1 ? /^(#{1,3})\s+(.*)$/.exec(lines[0] ?? '') : null;
    if (heading) {
      const level = (heading[1] ?? '#').length + 1;
      html.push(`<h${level} style="color:#2a1f3d">${inlineHtml(escapeHtml(heading[2] ?? ''))}</h${level}>`);
    } else if (lines.every((line) => /^\s*[-*]\s+/.test(line))) {
      const items = lines.map((line) => `<li>${inlineHtml(escapeHtml(line.replace(/^\s*[-*]\s+/, '')))}</li>`);
      html.push(`<ul>${items.join('')}</ul>`);
    } else {
      html.push(`<p>${lines.map((line) => inlineHtml(escapeHtml(line))).join('<br>')}</p>`);
    }
  }
  return html.join('\n');
}

function markdownToText(body: string, appUrl: string): string {
  return body
    .replace(/\r\n?/g, '\n')
    .replace(LINK, (_, label: string, target: string) => `${label}: ${absolute(target, appUrl)}`)
    .replace(/^#{1,3}\s+/gm, '')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .trim();
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The email for these values: the subject is one line, the HTML escapes every value, links stay on the app. */
export function renderTemplate(
  template: { subject: string; body: string },
  values: TemplateValues,
  appUrl: string,
): RenderedEmail {
  const clean = { ...values, link: safeLink(values.link, appUrl) };
  const subject = substitute(template.subject, clean, (value) => value.replace(/[\r\n]+/g, ' ')).trim();
  // Relative links of the template become absolute before the values go in.
  const body = template.body.replace(
    LINK,
    (_, label: string, target: string) => `[${label}](${target.startsWith('/') ? absolute(target, appUrl) : target})`,
  );
  const html = substitute(markdownToHtml(body), clean, escapeHtml);
  const text = substitute(markdownToText(body, appUrl), clean, (value) => value);
  const wrapped = `<div style="font-family:Georgia,serif;font-size:16px;line-height:1.5;color:#2a1f3d;max-width:560px">\n${html}\n</div>`;
  return { subject, html: wrapped, text };
}
