import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';
import { MarkdownRenderer } from './markdown-renderer.tsx';
import { plainParagraphs } from './plain-paragraphs.ts';
import { remarkMemberText } from './rich-text/member-markdown.ts';

const MEMBER_PLUGINS = [remarkMemberText];

/** What the page draws: the quick path for plain text (no download), else the parser. */
const drawn = (text: string, member: boolean) =>
  renderToStaticMarkup(
    member ? (
      <Markdown remarkPlugins={MEMBER_PLUGINS} lineBreaks>
        {text}
      </Markdown>
    ) : (
      <Markdown>{text}</Markdown>
    ),
  );

/** What the parser alone draws. */
const parsed = (text: string, member: boolean) =>
  renderToStaticMarkup(
    <div className="markdown">
      <MarkdownRenderer remarkPlugins={member ? MEMBER_PLUGINS : undefined}>{text}</MarkdownRenderer>
    </div>,
  );

// Pieces of what members write, plain and otherwise, from which texts are drawn at random.
const PIECES = [
  'The moon',
  'is full',
  'tonight',
  'grateful!',
  'Why?',
  '(so true)',
  'well-being',
  'a - b',
  '#blessed',
  '3.5 hours',
  'at 7:30',
  '@Bea',
  'https://example.com/x',
  '"quoted"',
  "it's",
  '50%',
  '🌙✨',
  'café',
  '\u00a0',
  '\u3000',
  ' ',
  '  ',
  '    ',
  '\n',
  '\n',
  '\n\n',
  '\n \n',
  '- ',
  '1. ',
  '2) ',
  '# ',
  '> ',
  '===',
  '---',
  '*',
  '_',
  '`',
  '[a](b)',
  '<b>',
  '&amp;',
  '\\',
  '~',
  '|',
  '\t',
  '\r\n',
];

function randomTexts(count: number, seed: number): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return Array.from({ length: count }, () => {
    const length = 1 + Math.floor(next() * 12);
    return Array.from({ length }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');
  });
}

describe('plainParagraphs', () => {
  it('reads plain sentences as paragraphs of lines, trimmed', () => {
    expect(plainParagraphs('  Hello sisters \nso glad\n\n\n   Next one ')).toEqual([
      ['Hello sisters', 'so glad'],
      ['Next one'],
    ]);
    expect(plainParagraphs('')).toEqual([]);
    expect(plainParagraphs(' \n \n')).toEqual([]);
  });

  it('leaves anything Markdown reads to the parser', () => {
    for (const text of [
      '**bold**',
      'snake_case',
      'a `code` span',
      '[link](https://example.com)',
      '<b>hi</b>',
      'fish &amp; chips',
      'a \\* star',
      '- a list',
      '1. first',
      '12) twelfth',
      '# heading',
      '> quote',
      'Title\n===',
      'Title\n---',
      '    indented code',
      'a\tb',
      'line\r\nend',
      'hard  \nbreak',
    ]) {
      expect(plainParagraphs(text), text).toBeNull();
    }
  });

  it('draws every text it accepts as the parser does, for members and for owners', () => {
    let accepted = 0;
    for (const text of randomTexts(3_000, 42)) {
      if (plainParagraphs(text) === null) continue;
      accepted++;
      expect(drawn(text, true), JSON.stringify(text)).toBe(parsed(text, true));
      expect(drawn(text, false), JSON.stringify(text)).toBe(parsed(text, false));
    }
    // Enough of them took the quick path for the comparison to mean something.
    expect(accepted).toBeGreaterThan(300);
  });
});
