/** The toolbar's Markdown: each format applied to the selection of a textarea's text. */
export type MarkdownFormat = 'heading' | 'bold' | 'italic' | 'link' | 'list' | 'quote';

export interface TextEdit {
  text: string;
  /** The selection after the edit (what to keep selected or where the caret goes). */
  start: number;
  end: number;
}

const WRAPS: Partial<Record<MarkdownFormat, [string, string, string]>> = {
  bold: ['**', '**', 'bold text'],
  italic: ['_', '_', 'italic text'],
  link: ['[', '](https://)', 'link text'],
};
const LINE_PREFIXES: Partial<Record<MarkdownFormat, string>> = { heading: '## ', list: '- ', quote: '> ' };

/**
 * Wraps the selection (bold, italic, link: a placeholder selected when nothing is) or prefixes each
 * selected line (heading, list, quote: a line already prefixed is left as it is).
 */
export function applyFormat(text: string, start: number, end: number, format: MarkdownFormat): TextEdit {
  const wrap = WRAPS[format];
  if (wrap) {
    const [before, after, placeholder] = wrap;
    const selected = text.slice(start, end) || placeholder;
    const next = `${text.slice(0, start)}${before}${selected}${after}${text.slice(end)}`;
    if (format === 'link' && end > start) {
      // The text is there: select the address to type over.
      const urlStart = start + before.length + selected.length + 2;
      return { text: next, start: urlStart, end: urlStart + 'https://'.length };
    }
    return { text: next, start: start + before.length, end: start + before.length + selected.length };
  }
  const prefix = LINE_PREFIXES[format] as string;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const block = text.slice(lineStart, end);
  const lines = block.split('\n');
  const prefixed = lines.map((line) => (line.startsWith(prefix) ? line : `${prefix}${line}`)).join('\n');
  const next = `${text.slice(0, lineStart)}${prefixed}${text.slice(end)}`;
  const added = prefixed.length - block.length;
  return { text: next, start: start + (lines[0]?.startsWith(prefix) ? 0 : prefix.length), end: end + added };
}

/** Text inserted at the caret (replacing any selection) on a line of its own, caret after it. */
export function insertBlock(text: string, start: number, end: number, block: string): TextEdit {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after.startsWith('\n') ? '' : '\n';
  const next = `${before}${lead}${block}${trail}${after}`;
  const caret = before.length + lead.length + block.length + trail.length;
  return { text: next, start: caret, end: caret };
}

/** An image's Markdown for the lesson body; brackets in the alt text would end it early. */
export const imageMarkdown = (alt: string, url: string) => `![${alt.replace(/[[\]]/g, '')}](${url})`;
