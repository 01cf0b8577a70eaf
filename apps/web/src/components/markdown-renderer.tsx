import { isOwnMediaPath } from '@lunara/shared/urls-constants';
import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components, defaultUrlTransform } from 'react-markdown';
import type { MarkdownProps } from './markdown.tsx';
import { isOwnPath, MarkdownLink } from './markdown-link.tsx';

/**
 * Markdown as owners and members write it, rendered inert: raw HTML is dropped (skipHtml), addresses
 * other than http(s), mailto and this site's own paths are removed (react-markdown's urlTransform, so
 * `javascript:` never reaches an href), links that leave the site open in a new tab marked as such with
 * rel="noopener nofollow ugc", and images show only when they are this site's own uploads (the page's policy
 * would block any other, and an outside image tells its host who read the page).
 */

function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  if (!cleaned) return '';
  if (isOwnPath(cleaned) || cleaned.startsWith('#')) return cleaned;
  return /^(https?:|mailto:)/i.test(cleaned) ? cleaned : '';
}

function MarkdownImage({ src, alt = '', node: _node }: ComponentProps<'img'> & { node?: unknown }) {
  // Only this site's stored images (/media/...): nothing that calls the API with her cookies.
  if (typeof src !== 'string' || !isOwnMediaPath(src)) {
    return <span className="text-ink-muted italic">[Image{alt ? `: ${alt}` : ''}]</span>;
  }
  return <img src={src} alt={alt} loading="lazy" decoding="async" className="h-auto max-w-full rounded-lg" />;
}

// The page has its own h1: a body's "# Heading" is a section of it.
const COMPONENTS: Components = {
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
  h2: ({ node: _node, ...props }) => <h3 {...props} />,
  h3: ({ node: _node, ...props }) => <h4 {...props} />,
  a: MarkdownLink,
  img: MarkdownImage,
};

/** The Markdown parser and renderer: its own download, wanted only by a text that is more than paragraphs. */
export function MarkdownRenderer({ children, components, remarkPlugins }: Omit<MarkdownProps, 'className'>) {
  return (
    <ReactMarkdown
      skipHtml
      urlTransform={safeUrl}
      remarkPlugins={remarkPlugins}
      components={components ? { ...COMPONENTS, ...components } : COMPONENTS}
    >
      {children}
    </ReactMarkdown>
  );
}
