import { ExternalLink } from 'lucide-react';
import type { ComponentProps } from 'react';

// A path on this site. Browsers read "//host" and "/\\host" as another host, so neither counts.
export const isOwnPath = (url: string) => /^\/(?![/\\])/.test(url);

/**
 * A Markdown link (its address already made safe by the renderer): one that leaves the site opens in a
 * new tab, marked as such, with rel="noopener nofollow ugc".
 */
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
