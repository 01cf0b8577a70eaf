import type { ComponentProps, ReactNode } from 'react';
import type { Components } from 'react-markdown';
import { Link, matchPath, useInRouterContext, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { cn } from '../../lib/cn.ts';
import { Markdown } from '../markdown.tsx';
import { MarkdownLink } from '../markdown-link.tsx';
import { mentionHref, PROFILE_PARAM, remarkMemberText } from './member-markdown.ts';

type Props<Tag extends keyof React.JSX.IntrinsicElements> = ComponentProps<Tag> & { node?: unknown };

// A member's heading would shout over the page around it: it reads as a bold line of her text.
const Heading = ({ node: _node, children }: Props<'h1'>) => (
  <p>
    <strong>{children}</strong>
  </p>
);

interface MentionProps {
  userId: string;
  children: ReactNode;
}

// On the community pages the profile opens over what she is reading (a topic, a post), without a reload.
function RoutedMention({ userId, children }: MentionProps) {
  const location = useLocation();
  const isCommunityPage =
    location.pathname === paths.community.path || matchPath(paths.post.path, location.pathname) !== null;
  const params = new URLSearchParams(isCommunityPage ? location.search : '');
  params.set(PROFILE_PARAM, userId);
  return (
    <Link className="mention" to={`${isCommunityPage ? location.pathname : paths.community.path}?${params}`}>
      {children}
    </Link>
  );
}

function MentionLink({ userId, children }: MentionProps) {
  if (useInRouterContext()) return <RoutedMention userId={userId}>{children}</RoutedMention>;
  return (
    <a className="mention" href={mentionHref(userId)}>
      {children}
    </a>
  );
}

function MemberLink(props: Props<'a'> & { 'data-mention'?: string }) {
  const userId = props['data-mention'];
  if (props.className === 'mention' && userId) return <MentionLink userId={userId}>{props.children}</MentionLink>;
  return <MarkdownLink {...props} />;
}

/**
 * Members' formatting only: bold, italic, links, lists, quotes, code and line breaks. Headings read as bold
 * lines; images show as their description (nobody's post loads a picture from elsewhere, or pretends to be
 * one of the site's own), and raw HTML shows as the text that was typed.
 */
const MEMBER_COMPONENTS: Components = {
  h1: Heading,
  h2: Heading,
  h3: Heading,
  h4: Heading,
  h5: Heading,
  h6: Heading,
  img: ({ alt }: Props<'img'>) => (alt ? <span>{alt}</span> : null),
  a: MemberLink,
};

const PLUGINS = [remarkMemberText];

/** A post, comment, topic or reply as its author formatted it (Markdown source, rendered safely). */
export function FormattedText({ text, className }: { text: string; className?: string }) {
  return (
    <Markdown
      className={cn('formatted-text', className)}
      components={MEMBER_COMPONENTS}
      remarkPlugins={PLUGINS}
      lineBreaks
    >
      {text}
    </Markdown>
  );
}
