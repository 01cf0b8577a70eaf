import fontkit from '@pdf-lib/fontkit';
import bidiFactory from 'bidi-js';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { type FontStyle, familiesFor, type LoadedFont, loadFont, sliceFor } from './certificate-fonts.ts';

/**
 * One line of certificate text in any mix of scripts: each character gets a font that has it, runs of
 * right-to-left text are put in visual order (Unicode bidi algorithm), and fontkit shapes each run as
 * pdf-lib draws it (Arabic joining forms, ligatures; it also reverses right-to-left script runs).
 */

const bidi = bidiFactory();

// fontkit has these at run time; @pdf-lib/fontkit's types leave them out.
interface VariableFont {
  variationAxes: Record<string, { default: number } | undefined>;
  getVariation(settings: Record<string, number>): ReturnType<typeof fontkit.create>;
}
// The CJK files are variable fonts whose default instance is ExtraLight, which looks faint beside the
// Regular Latin: pdf-lib gets them at weight 400 (fontkit re-draws the glyph outlines when subsetting).
const regularWeight: typeof fontkit = {
  ...fontkit,
  create(bytes: Uint8Array) {
    const font = fontkit.create(bytes);
    const variable = font as unknown as VariableFont;
    const weight = variable.variationAxes.wght;
    return weight && weight.default !== 400 ? variable.getVariation({ wght: 400 }) : font;
  },
};

/** A stretch of the text in one font and one bidi embedding level, in logical (reading) order. */
export interface TextRun {
  text: string;
  font: LoadedFont;
  level: number;
}

// Spaces, punctuation, symbols and combining marks stay in the font of the letter before them when it
// has them, so "فاطمة الزهراء" stays one run that fontkit can shape and reverse as a whole.
const FOLLOWS_PREVIOUS = /[\p{Z}\p{P}\p{S}\p{M}]/u;
// Runs in these scripts are reversed by fontkit's layout itself; any other right-to-left run
// (a space or a bracket between two Hebrew words) must be reversed here.
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

/**
 * Splits text into runs. Characters that no bundled font has (rare symbols, most emoji) are left out
 * and returned in `missing`, rather than drawn as empty boxes.
 */
export async function planRuns(text: string, style: FontStyle): Promise<{ runs: TextRun[]; missing: string[] }> {
  // NFC first: a decomposed "é" would otherwise put the accent in a different font file than the e.
  const clean = text
    .normalize('NFC')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const { levels } = bidi.getEmbeddingLevels(clean);
  const familyIds = familiesFor(clean);
  const runs: TextRun[] = [];
  const missing: string[] = [];
  let previous: LoadedFont | null = null;
  let index = 0;
  for (const char of clean) {
    const level = levels[index] ?? 0;
    index += char.length;
    const codePoint = char.codePointAt(0) ?? 0;
    let font: LoadedFont | null = null;
    if (previous && FOLLOWS_PREVIOUS.test(char) && previous.hasGlyph(codePoint)) font = previous;
    else {
      const file = sliceFor(codePoint, familyIds, style);
      const candidate = file ? await loadFont(file) : null;
      if (candidate?.hasGlyph(codePoint)) font = candidate;
    }
    if (!font) {
      missing.push(char);
      continue;
    }
    const last = runs.at(-1);
    if (last && last.font === font && last.level === level) last.text += char;
    else runs.push({ text: char, font, level });
    previous = font;
  }
  return { runs, missing };
}

/** Rule L2 of the bidi algorithm, on whole runs: reverse every stretch at or above each odd level. */
export function visualOrder(runs: TextRun[]): TextRun[] {
  const ordered = [...runs];
  if (ordered.length === 0) return ordered;
  const highest = Math.max(...ordered.map((run) => run.level));
  const lowest = Math.min(...ordered.map((run) => run.level));
  const lowestOdd = lowest % 2 === 1 ? lowest : lowest + 1;
  for (let level = highest; level >= lowestOdd; level--) {
    let start = 0;
    while (start < ordered.length) {
      if ((ordered[start]?.level ?? 0) < level) {
        start++;
        continue;
      }
      let end = start;
      while (end < ordered.length && (ordered[end]?.level ?? 0) >= level) end++;
      ordered.splice(start, end - start, ...ordered.slice(start, end).reverse());
      start = end;
    }
  }
  return ordered;
}

/** The characters of a run in the order pdf-lib must receive them to show them in visual order. */
function drawnText(run: TextRun): string {
  if (run.level % 2 === 0 || RTL_SCRIPT.test(run.text)) return run.text;
  return [...run.text]
    .reverse()
    .map((char) => bidi.getMirroredCharacter(char) ?? char)
    .join('');
}

export interface Piece {
  text: string;
  font: PDFFont;
}

/** A line ready to measure and draw: its pieces left to right. */
export interface Line {
  pieces: Piece[];
  missing: string[];
}

/** The fonts embedded in one certificate: each file once, subset to the glyphs the page uses. */
export class CertificateFonts {
  private readonly embedded = new Map<string, Promise<PDFFont>>();

  constructor(private readonly pdf: PDFDocument) {
    pdf.registerFontkit(regularWeight);
  }

  private embed(font: LoadedFont): Promise<PDFFont> {
    let embedded = this.embedded.get(font.key);
    if (!embedded) {
      embedded = this.pdf.embedFont(font.bytes, { subset: true });
      this.embedded.set(font.key, embedded);
    }
    return embedded;
  }

  async line(text: string, style: FontStyle = 'normal'): Promise<Line> {
    const { runs, missing } = await planRuns(text, style);
    const pieces = await Promise.all(
      visualOrder(runs).map(async (run) => ({ text: drawnText(run), font: await this.embed(run.font) })),
    );
    return { pieces, missing };
  }
}

export function lineWidth(line: Line, size: number): number {
  return line.pieces.reduce((width, piece) => width + piece.font.widthOfTextAtSize(piece.text, size), 0);
}

/** Draws the line centred on the page. */
export function drawCentered(page: PDFPage, line: Line, y: number, size: number, color: Color) {
  let x = (page.getWidth() - lineWidth(line, size)) / 2;
  for (const piece of line.pieces) {
    page.drawText(piece.text, { x, y, size, font: piece.font, color });
    x += piece.font.widthOfTextAtSize(piece.text, size);
  }
}
