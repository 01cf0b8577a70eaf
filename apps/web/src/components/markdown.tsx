import { isOwnMediaPath } from '@lunara/shared/urls';
import { ExternalLink } from 'lucide-react';
import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components, defaultUrlTransform, type Options } from 'react-markdown';
import { cn } from '../lib/cn.ts';

/**
 * Markdown as owners and members write it, rendered inert: raw HTML is dropped (skipHtml), addresses
 * other than http(s), mailto and this site's own paths are removed (react-markdown's urlTransform, so
 * `javascript:` never reaches an href), links that leave the site open in a new tab marked as such with
 * rel="noopener nofollow ugc", and images show only when they are this site's own uploads (the page's policy
 * would block any other, and an outside image tells its host who read the page).
 */

// A path on this site. Browsers read "//host" and "/\\host" as another host, so neither counts.
const isOwnPath = (url: string) => /^\/(?![/\\])/.test(url);

function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  if (!cleaned) return '';
  if (isOwnPath(cleaned) || cleaned.startsWith('#')) return cleaned;
  return /^(https?:|mailto:)/i.test(cleaned) ? cleaned : '';
}

export function MarkdownLink({ href = '', children, node: _node, ...props }: ComponentProps<'a'> & { node?: unknown }) {
  if (!href) return <span>{children}</span>;
  const external = !isOwnPath(href) && !href.startsWith('#');
  if (!external) {
    return (
      <a {...props} href={href}>
        {children}
      </a>
    );
  }
  return (
    <a {...props} href={href} target="_blank" rel="noopener nofollow ugc">
      {children}
      <ExternalLink className="ml-0.5 inline size-3.5 align-baseline" aria-hidden="true" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
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

interface MarkdownProps {
  children: string;
  className?: string;
  /** Narrows what renders (members' posts: see FormattedText); the safety rules above always apply. */
  components?: Components;
  remarkPlugins?: Options['remarkPlugins'];
}

export function Markdown({ children, className, components, remarkPlugins }: MarkdownProps) {
  return (
    <div className={cn('markdown', className)}>
      <ReactMarkdown
        skipHtml
        urlTransform={safeUrl}
        remarkPlugins={remarkPlugins}
        components={components ? { ...COMPONENTS, ...components } : COMPONENTS}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
