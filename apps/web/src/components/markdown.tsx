import { Fragment } from 'react';
import type { Components, Options } from 'react-markdown';
import { cn } from '../lib/cn.ts';
import { lazyPart } from './lazy-part.tsx';
import { plainParagraphs } from './plain-paragraphs.ts';

export interface MarkdownProps {
  children: string;
  className?: string;
  /** Narrows what renders (members' posts: see FormattedText); the safety rules always apply. */
  components?: Components;
  remarkPlugins?: Options['remarkPlugins'];
  /** Set when remarkPlugins make each typed line break a line break (members' text). */
  lineBreaks?: boolean;
}

// The parser downloads when a text first needs it; meanwhile her words show as she typed them.
const MarkdownRenderer = lazyPart(
  'components/markdown-renderer.tsx',
  () => import('./markdown-renderer.tsx').then((module) => module.MarkdownRenderer),
  ({ children }) => <p className="whitespace-pre-wrap">{children}</p>,
);

/** Paragraphs as the renderer draws them: blocks and lines apart by a newline, as its output has them. */
function PlainParagraphs({ paragraphs, lineBreaks }: { paragraphs: string[][]; lineBreaks: boolean }) {
  return paragraphs.map((lines, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one text, drawn in order
    <Fragment key={index}>
      {index > 0 && '\n'}
      <p>
        {lineBreaks
          ? lines.map((line, at) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one paragraph, drawn in order
              <Fragment key={at}>
                {at > 0 && <br />}
                {at > 0 && '\n'}
                {line}
              </Fragment>
            ))
          : lines.join('\n')}
      </p>
    </Fragment>
  ));
}

/**
 * Markdown as owners and members write it, rendered inert (markdown-renderer.tsx has the rules). A text
 * that is only paragraphs is drawn here, without the parser's download.
 */
export function Markdown({ children, className, lineBreaks = false, ...rendering }: MarkdownProps) {
  const paragraphs = plainParagraphs(children);
  return (
    <div className={cn('markdown', className)}>
      {paragraphs ? (
        <PlainParagraphs paragraphs={paragraphs} lineBreaks={lineBreaks} />
      ) : (
        <MarkdownRenderer {...rendering}>{children}</MarkdownRenderer>
      )}
    </div>
  );
}

/** Downloads the parser ahead of a text that needs it, which then draws at once. */
export const preloadMarkdown = () => MarkdownRenderer.preload();
