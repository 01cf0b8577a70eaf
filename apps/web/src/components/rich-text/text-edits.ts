/**
 * The toolbar's edits as pure functions of the text and the selection: each says what replaces which range
 * and what to select afterwards, so the editor can apply it as one undoable step.
 */

export interface Selection {
  start: number;
  end: number;
}

export interface TextEdit {
  /** The range replaced, and its replacement. */
  start: number;
  end: number;
  insert: string;
  /** What is selected after the edit (the placeholder to type over, or the caret after the insert). */
  select: Selection;
}

export type FormatAction = 'bold' | 'italic' | 'link' | 'bulleted' | 'numbered' | 'quote' | 'code';

function wrap(text: string, { start, end }: Selection, marker: string, placeholder: string): TextEdit {
  const selected = text.slice(start, end) || placeholder;
  const insert = `${marker}${selected}${marker}`;
  return { start, end, insert, select: { start: start + marker.length, end: start + marker.length + selected.length } };
}

function link(text: string, { start, end }: Selection): TextEdit {
  const label = text.slice(start, end) || 'link text';
  const insert = `[${label}](https://)`;
  // The address is what is left to give: "https://" is selected, so a pasted address replaces it whole.
  const address = start + label.length + 3;
  return { start, end, insert, select: { start: address, end: address + 'https://'.length } };
}

// Whole lines: a list or a quote applies to every line the selection touches.
function prefixLines(text: string, { start, end }: Selection, prefix: (index: number) => string): TextEdit {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = text.indexOf('\n', end > start && text[end - 1] === '\n' ? end - 1 : end);
  const lineEnd = nextBreak === -1 ? text.length : nextBreak;
  const lines = text.slice(lineStart, lineEnd).split('\n');
  const insert = lines.map((line, index) => `${prefix(index)}${line}`).join('\n');
  // Markdown needs a blank line between a paragraph and a list or quote.
  const before = lineStart > 0 && text[lineStart - 2] !== '\n' && text.slice(0, lineStart).trim() ? '\n' : '';
  const full = `${before}${insert}`;
  return {
    start: lineStart,
    end: lineEnd,
    insert: full,
    select: { start: lineStart + full.length, end: lineStart + full.length },
  };
}

function code(text: string, selection: Selection): TextEdit {
  const selected = text.slice(selection.start, selection.end);
  if (!selected.includes('\n')) return wrap(text, selection, '`', 'code');
  const insert = `\n\`\`\`\n${selected.replace(/\n$/, '')}\n\`\`\`\n`;
  return {
    ...selection,
    insert,
    select: { start: selection.start + insert.length, end: selection.start + insert.length },
  };
}

export function formatEdit(action: FormatAction, text: string, selection: Selection): TextEdit {
  switch (action) {
    case 'bold':
      return wrap(text, selection, '**', 'bold text');
    case 'italic':
      return wrap(text, selection, '_', 'italic text');
    case 'link':
      return link(text, selection);
    case 'bulleted':
      return prefixLines(text, selection, () => '- ');
    case 'numbered':
      return prefixLines(text, selection, (index) => `${index + 1}. `);
    case 'quote':
      return prefixLines(text, selection, () => '> ');
    case 'code':
      return code(text, selection);
  }
}

// "@" at the start or after a space or an opening bracket, then up to two words of a name, up to the caret.
const MENTION_QUERY = /(?:^|[\s([{])@([\p{L}\p{M}\p{N}'’.-]{1,30}(?: [\p{L}\p{M}\p{N}'’.-]{0,30})?)$/u;

/** The name being typed after an "@" just before the caret, with where its "@" is; null when there is none. */
export function mentionQueryAt(text: string, caret: number): { query: string; at: number } | null {
  const match = MENTION_QUERY.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1] as string;
  return { query, at: caret - query.length - 1 };
}
