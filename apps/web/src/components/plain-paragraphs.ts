/**
 * Most of what members write is plain sentences, and Markdown would draw them as paragraphs and nothing
 * else. Such a text needs no Markdown parser (a fifth of the community page's first download): this
 * reads it as Markdown would, or answers null at the first sign of anything Markdown might read
 * otherwise, and the parser draws it. It errs towards null: a test checks that whatever it accepts, the
 * parser draws the same.
 */

// Anywhere in the text: emphasis, code, links and images, HTML, character references and escapes, GFM
// marks, tabs and carriage returns (which Markdown reads as indentation and line endings), and control
// characters (NUL becomes U+FFFD).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const MARKED = /[*_`[\]<>&\\~|\t\r\x00-\x08\x0b-\x1f\x7f]/;
// At a line's start, after up to three spaces: headings, quotes, list items, thematic breaks and setext
// underlines. Four spaces or more start an indented code block.
const BLOCK_START = /^(?: {4}|[ ]{0,3}(?:[#>+=-]|\d+[.)]))/;
const SPACES_AROUND = /^ +| +$/g;
// Two spaces at a line's end make a hard line break, which only a member's text draws like any other.
const HARD_BREAK = / {2}\n/;

/** The paragraphs of a plain text, each a list of its lines; null when the text uses any Markdown. */
export function plainParagraphs(text: string): string[][] | null {
  if (MARKED.test(text) || HARD_BREAK.test(text)) return null;
  const paragraphs: string[][] = [];
  let current: string[] = [];
  for (const line of text.split('\n')) {
    const content = line.replace(SPACES_AROUND, '');
    if (content === '') {
      if (current.length > 0) paragraphs.push(current);
      current = [];
      continue;
    }
    if (BLOCK_START.test(line)) return null;
    current.push(content);
  }
  if (current.length > 0) paragraphs.push(current);
  return paragraphs;
}
