import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  isInvisibleText,
  multiLineText,
  opaqueText,
  optionalMultiLineText,
  optionalSingleLineText,
  singleLineText,
} from './text.ts';

const name = singleLineText(80, 'Give a name', 'The name');
const post = multiLineText(10_000, 'Write something', 'The post');

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

// Every C0 and C1 control character, DEL included.
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
].map((code) => String.fromCharCode(code));
const BIDI_OVERRIDES = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E'];
const BIDI_ISOLATES = ['\u2066', '\u2067', '\u2068', '\u2069'];
const INVISIBLE = [
  '',
  ' ',
  '\t\n ',
  '\u200B',
  '\u200C\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u3164',
  '\u2800',
  '\uFE0F',
  '\u00A0\u3000',
];

describe('single-line text (names, titles)', () => {
  it('keeps ordinary text of every script, trimmed and in NFC', () => {
    expect(name.parse('  Luna Sol  ')).toBe('Luna Sol');
    expect(name.parse('مرحبا بالأخوات')).toBe('مرحبا بالأخوات');
    expect(name.parse('👩‍👩‍👧 🌙')).toBe('👩‍👩‍👧 🌙');
    // "e" followed by a combining acute accent is stored as the single letter é.
    expect(name.parse('Rene\u0301e')).toBe('Renée');
    expect(name.parse('Rene\u0301e')).toHaveLength(5);
  });

  it('refuses every control character inside the text, naming the field', () => {
    for (const control of CONTROLS) {
      expect(messageOf(name, `Luna${control}Sol`), JSON.stringify(control)).toBe(
        'The name cannot contain line breaks or control characters',
      );
    }
    expect(messageOf(name, 'a\u2028b')).toBe('The name cannot contain line breaks or control characters');
    expect(messageOf(name, '\u001b[31mRed')).toBe('The name cannot contain line breaks or control characters');
  });

  it('refuses unpaired surrogates', () => {
    expect(messageOf(name, 'a\uD800b')).toBe('The name cannot contain line breaks or control characters');
  });

  it('refuses every bidi embedding, override and isolate', () => {
    for (const bidi of [...BIDI_OVERRIDES, ...BIDI_ISOLATES]) {
      expect(messageOf(name, `evil${bidi}txt.exe`)).toBe(
        'The name cannot contain characters that change the direction of the text',
      );
    }
  });

  it('refuses text that shows nothing with the field’s blank message', () => {
    for (const invisible of INVISIBLE)
      expect(messageOf(name, invisible), JSON.stringify(invisible)).toBe('Give a name');
    expect(messageOf(name, undefined)).toBe('Give a name');
    expect(messageOf(name, 42)).toBe('Give a name');
  });

  it('keeps zero-width joiners that are part of visible text', () => {
    expect(name.parse('نام\u200Cها')).toBe('نام\u200Cها');
  });

  it('counts the length after cleaning', () => {
    expect(name.safeParse(`  ${'a'.repeat(80)}  `).success).toBe(true);
    expect(messageOf(name, 'a'.repeat(81))).toBe('The name must be at most 80 characters');
  });
});

describe('multi-line text (posts, descriptions)', () => {
  it('keeps line feeds and tabs, and turns CRLF into LF', () => {
    expect(post.parse('First line\r\n\tSecond line\nThird')).toBe('First line\n\tSecond line\nThird');
  });

  it('refuses every other control character, a lone CR included', () => {
    for (const control of CONTROLS.filter((c) => c !== '\n' && c !== '\t')) {
      expect(messageOf(post, `a${control}b`), JSON.stringify(control)).toBe(
        'The post cannot contain control characters',
      );
    }
  });

  it('refuses embeddings and overrides, and keeps isolates for mixed-direction writing', () => {
    for (const bidi of BIDI_OVERRIDES) {
      expect(messageOf(post, `see ${bidi}gpj.exe`)).toBe(
        'The post cannot contain characters that change the direction of the text',
      );
    }
    const mixed = 'I read \u2067مرحبا\u2069 today';
    expect(post.parse(mixed)).toBe(mixed);
  });

  it('refuses text that shows nothing', () => {
    for (const invisible of INVISIBLE) expect(messageOf(post, invisible)).toBe('Write something');
    expect(messageOf(post, '\u200B\n\u200B\n')).toBe('Write something');
  });
});

describe('optional text', () => {
  it('turns invisible text into nothing rather than storing it', () => {
    const search = optionalSingleLineText(80, 'The search');
    const bio = optionalMultiLineText(500, 'Your bio');
    for (const invisible of INVISIBLE) {
      expect(search.parse(invisible)).toBe('');
      expect(bio.parse(invisible)).toBe('');
    }
  });

  it('refuses control and direction characters like required text', () => {
    expect(messageOf(optionalSingleLineText(80, 'The search'), 'a\u0000')).toBe(
      'The search cannot contain line breaks or control characters',
    );
    expect(messageOf(optionalMultiLineText(500, 'Your bio'), 'a\u202Eb')).toBe(
      'Your bio cannot contain characters that change the direction of the text',
    );
  });
});

describe('opaque text (tokens, return addresses)', () => {
  it('passes the text on exactly as sent', () => {
    expect(opaqueText(100, 'The token').parse(' abc ')).toBe(' abc ');
  });

  it('refuses control characters', () => {
    expect(messageOf(opaqueText(100, 'The token'), 'abc\u0000')).toBe(
      'The token cannot contain control or text-direction characters',
    );
    expect(messageOf(opaqueText(100, 'The token'), 'abc\r\nSet-Cookie: x')).toBe(
      'The token cannot contain control or text-direction characters',
    );
  });
});

describe('isInvisibleText', () => {
  it('tells text that shows nothing from text that does', () => {
    for (const invisible of INVISIBLE) expect(isInvisibleText(invisible)).toBe(true);
    for (const visible of ['a', '.', '🌙', 'ـ', '\u200Ba']) expect(isInvisibleText(visible)).toBe(false);
  });
});
