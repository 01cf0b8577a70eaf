/// <reference path="./wawoff2.d.ts" />
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { decompress } from 'wawoff2';

/**
 * The certificate's fonts: Noto serif faces for every script a member's name (or a course title) can be
 * written in. They come from @fontsource-variable packages, which split each face into small WOFF2
 * files by unicode range, so a certificate only ever reads the few files its characters need.
 */

export type FontStyle = 'normal' | 'italic';

/** One WOFF2 file of a family: the characters it covers, as listed in the package's unicode.json. */
interface FontSlice {
  file: string;
  ranges: Array<[number, number]>;
}

interface Family {
  id: string;
  slices: FontSlice[];
  italicSlices: FontSlice[] | null;
}

/** A face ready to draw: the TrueType bytes pdf-lib embeds, and fontkit's parse for glyph look-ups. */
export interface LoadedFont {
  key: string;
  bytes: Uint8Array;
  hasGlyph(codePoint: number): boolean;
}

const require = createRequire(import.meta.url);

// Only Noto Serif has italics; the other scripts draw upright in italic lines.
const LATIN = 'noto-serif';
const ARABIC = 'noto-naskh-arabic';
const HEBREW = 'noto-serif-hebrew';
const CHINESE_SIMPLIFIED = 'noto-serif-sc';
const CHINESE_TRADITIONAL = 'noto-serif-tc';
const JAPANESE = 'noto-serif-jp';
const KOREAN = 'noto-serif-kr';
const ITALIC_FAMILIES = new Set([LATIN]);

function parseRanges(list: string): Array<[number, number]> {
  return list.split(',').map((range) => {
    const [from = '0', to] = range.trim().replace(/^U\+/i, '').split('-');
    return [Number.parseInt(from, 16), Number.parseInt(to ?? from, 16)];
  });
}

function readFamily(id: string): Family {
  // Resolved through the package's exports, so it works from src/ (tsx) and from the bundled dist/.
  const unicodeJson = require.resolve(`@fontsource-variable/${id}/unicode.json`);
  const dir = path.join(path.dirname(unicodeJson), 'files');
  const subsets = Object.entries(require(unicodeJson) as Record<string, string>);
  const slicesFor = (style: FontStyle) =>
    subsets.map(([subset, ranges]) => ({
      // Numbered CJK slices are keyed "[118]" and named noto-serif-sc-118-wght-normal.woff2.
      file: path.join(dir, `${id}-${subset.replace(/[[\]]/g, '')}-wght-${style}.woff2`),
      ranges: parseRanges(ranges),
    }));
  return { id, slices: slicesFor('normal'), italicSlices: ITALIC_FAMILIES.has(id) ? slicesFor('italic') : null };
}

const families = new Map<string, Family>();
function family(id: string): Family {
  let found = families.get(id);
  if (!found) {
    found = readFamily(id);
    families.set(id, found);
  }
  return found;
}

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u;
const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u;

/**
 * The families to try, in order. Han characters look different in each CJK locale, so the text's own
 * hints decide which one comes first: Hangul means Korean, kana means Japanese, otherwise Chinese.
 */
export function familiesFor(text: string): string[] {
  const cjk = HANGUL.test(text)
    ? [KOREAN, CHINESE_SIMPLIFIED, CHINESE_TRADITIONAL, JAPANESE]
    : KANA.test(text)
      ? [JAPANESE, CHINESE_SIMPLIFIED, CHINESE_TRADITIONAL, KOREAN]
      : [CHINESE_SIMPLIFIED, CHINESE_TRADITIONAL, JAPANESE, KOREAN];
  return [LATIN, ARABIC, HEBREW, ...cjk];
}

/** The first file, among the families in order, whose unicode range holds the character. */
export function sliceFor(codePoint: number, familyIds: string[], style: FontStyle): string | null {
  for (const id of familyIds) {
    const fam = family(id);
    const slices = (style === 'italic' && fam.italicSlices) || fam.slices;
    for (const slice of slices) {
      if (slice.ranges.some(([from, to]) => codePoint >= from && codePoint <= to)) return slice.file;
    }
  }
  return null;
}

// Loaded once per process and kept: a certificate needs a handful of ~100 KB files, and the same ones
// come back for every Latin name.
const loaded = new Map<string, Promise<LoadedFont>>();

async function load(file: string): Promise<LoadedFont> {
  // pdf-lib's subsetter cannot read WOFF2's transformed glyph table, so it gets plain TrueType. The
  // decoder answers with a view into its WebAssembly memory, which the next call overwrites: copy it.
  const bytes = (await decompress(await readFile(file))).slice();
  const font = fontkit.create(bytes);
  return { key: path.basename(file, '.woff2'), bytes, hasGlyph: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
}

export function loadFont(file: string): Promise<LoadedFont> {
  let font = loaded.get(file);
  if (!font) {
    font = load(file);
    // A failed read is not cached, so the next certificate tries again.
    font.catch(() => loaded.delete(file));
    loaded.set(file, font);
  }
  return font;
}
