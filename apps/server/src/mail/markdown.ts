import type { Nodes, Parents } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

/**
 * Markdown the owner wrote, rendered for an email by the rules the web's `components/markdown.tsx`
 * applies to lesson bodies: raw HTML is dropped (shown as nothing), links only to http(s), mailto and
 * this site's own paths (made absolute with `appUrl`, since a mail client has no base), images only
 * as their alt text (an outside image tells its host who read the mail). Every text is escaped; the
 * HTML is built from the parsed tree, never from the source.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The address a link may have in an email, or null to show its words only. */
export function safeEmailUrl(url: string, appUrl: string): string | null {
  const trimmed = url.trim();
  // A path on this site ("//host" and "/\host" are other hosts).
  if (/^\/(?![/\\])/.test(trimmed)) return new URL(trimmed, appUrl).toString();
  if (/^mailto:/i.test(trimmed)) return trimmed;
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    return new URL(trimmed).toString();
  } catch {
    return null;
  }
}

interface Rendered {
  html: string;
  text: string;
}

function childrenOf(node: Parents, appUrl: string, separator = ''): Rendered {
  const parts = node.children.map((child) => render(child as Nodes, appUrl));
  return { html: parts.map((p) => p.html).join(separator), text: parts.map((p) => p.text).join('') };
}

function blocks(node: Parents, appUrl: string): Rendered {
  const parts = node.children.map((child) => render(child as Nodes, appUrl)).filter((p) => p.html || p.text);
  return { html: parts.map((p) => p.html).join('\n'), text: parts.map((p) => p.text.trimEnd()).join('\n\n') };
}

const HEADING_STYLE = 'font-family:Georgia,serif;color:#1f1638;margin:20px 0 8px';

function render(node: Nodes, appUrl: string): Rendered {
  switch (node.type) {
    case 'root':
      return blocks(node, appUrl);
    case 'paragraph': {
      const inner = childrenOf(node, appUrl);
      return { html: `<p style="margin:0 0 14px">${inner.html}</p>`, text: inner.text };
    }
    case 'heading': {
      // The email's subject is its title: a body's "# Heading" is a section, like on the page.
      const level = Math.min(node.depth + 1, 6);
      const inner = childrenOf(node, appUrl);
      return { html: `<h${level} style="${HEADING_STYLE}">${inner.html}</h${level}>`, text: inner.text.toUpperCase() };
    }
    case 'text':
      return { html: escapeHtml(node.value), text: node.value };
    case 'emphasis': {
      const inner = childrenOf(node, appUrl);
      return { html: `<em>${inner.html}</em>`, text: `_${inner.text}_` };
    }
    case 'strong': {
      const inner = childrenOf(node, appUrl);
      return { html: `<strong>${inner.html}</strong>`, text: `*${inner.text}*` };
    }
    case 'delete': {
      const inner = childrenOf(node, appUrl);
      return { html: `<del>${inner.html}</del>`, text: inner.text };
    }
    case 'inlineCode':
      return { html: `<code>${escapeHtml(node.value)}</code>`, text: node.value };
    case 'code':
      return {
        html: `<pre style="white-space:pre-wrap;background:#f4f1fa;padding:12px;border-radius:8px"><code>${escapeHtml(node.value)}</code></pre>`,
        text: node.value,
      };
    case 'blockquote': {
      const inner = blocks(node, appUrl);
      return {
        html: `<blockquote style="margin:0 0 14px;padding-left:12px;border-left:3px solid #c9a227;color:#4a4060">${inner.html}</blockquote>`,
        text: inner.text
          .split('\n')
          .map((line) => `> ${line}`)
          .join('\n'),
      };
    }
    case 'list': {
      const tag = node.ordered ? 'ol' : 'ul';
      const start = node.ordered && node.start && node.start !== 1 ? ` start="${Number(node.start)}"` : '';
      const items = node.children.map((item) => blocks(item, appUrl));
      return {
        html: `<${tag}${start} style="margin:0 0 14px;padding-left:24px">${items.map((i) => `<li>${i.html}</li>`).join('')}</${tag}>`,
        text: items
          .map((i, n) => `${node.ordered ? `${(node.start ?? 1) + n}.` : '-'} ${i.text.replace(/\n/g, '\n   ')}`)
          .join('\n'),
      };
    }
    case 'listItem':
      return blocks(node, appUrl);
    case 'link': {
      const inner = childrenOf(node, appUrl);
      const href = safeEmailUrl(node.url, appUrl);
      if (!href) return inner;
      return {
        html: `<a href="${escapeHtml(href)}" style="color:#6b4fa8">${inner.html}</a>`,
        text: inner.text === href ? href : `${inner.text} (${href})`,
      };
    }
    case 'linkReference':
      return childrenOf(node, appUrl);
    case 'image':
    case 'imageReference': {
      const alt = node.alt ? `[Image: ${node.alt}]` : '[Image]';
      return { html: `<span style="color:#666;font-style:italic">${escapeHtml(alt)}</span>`, text: alt };
    }
    case 'break':
      return { html: '<br>', text: '\n' };
    case 'thematicBreak':
      return { html: '<hr style="border:0;border-top:1px solid #ddd;margin:20px 0">', text: '----' };
    default:
      // Raw HTML, definitions, anything else: nothing (skipHtml on the page does the same).
      return { html: '', text: '' };
  }
}

/** The Markdown as an email's HTML fragment and plain text. */
export function renderMarkdownForEmail(markdown: string, appUrl: string): Rendered {
  return render(fromMarkdown(markdown), appUrl);
}
