import { splitMarked } from '@lunara/shared/search-constants';

/**
 * A search result's text with the matched words in <mark>: the server brackets them with private-use
 * characters, and each part is rendered as text, so nothing the server sends is ever read as HTML.
 */
export function MarkedText({ text }: { text: string }) {
  return (
    <>
      {splitMarked(text).map((part, index) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <mark key={index} className="rounded-sm bg-gold-300/70 px-0.5 text-inherit">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
