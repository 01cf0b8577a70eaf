import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { completionDate, renderCertificate } from './certificate.ts';
import { planRuns, visualOrder } from './certificate-text.ts';

const FINISHED = new Date('2025-03-01T23:30:00Z');

const render = (memberName: string, courseTitle = 'Intentional Beauty', timeZone = 'Europe/Berlin') =>
  renderCertificate({ productName: 'Lunara', memberName, courseTitle, completedAt: FINISHED, timeZone });

/** The fonts a PDF embeds (BaseFont without the subset tag) and every character their ToUnicode maps give. */
async function embedded(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  const fonts = new Set<string>();
  const chars = new Set<string>();
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font')) {
      const base = object.get(PDFName.of('BaseFont'))?.toString().replace(/^\//, '');
      if (base && object.get(PDFName.of('Subtype')) === PDFName.of('Type0')) fonts.add(base.replace(/-\d+$/, ''));
    }
    if (!(object instanceof PDFRawStream)) continue;
    const text = new TextDecoder('latin1').decode(decodePDFRawStream(object).decode());
    if (!text.includes('begincmap')) continue;
    for (const [, hex] of text.matchAll(/<[0-9a-f]+> <([0-9a-f]+)>/gi)) {
      const units = hex?.match(/.{4}/g)?.map((unit) => Number.parseInt(unit, 16)) ?? [];
      for (const char of String.fromCharCode(...units)) chars.add(char);
    }
  }
  return { fonts, chars };
}

const SCRIPTS = [
  { script: 'Latin with accents', name: 'Zoë Łukasz-Ångström Ñúñez', font: 'NotoSerif-Regular' },
  { script: 'Cyrillic', name: 'Анна Каренина', font: 'NotoSerif-Regular' },
  { script: 'Greek', name: 'Αθηνά Παπαδοπούλου', font: 'NotoSerif-Regular' },
  { script: 'Arabic', name: 'فاطمة الزهراء', font: 'NotoNaskhArabic-Regular' },
  { script: 'Hebrew', name: 'שרה כהן', font: 'NotoSerifHebrew-Regular' },
  { script: 'Chinese', name: '王美丽', font: 'NotoSerifSC' },
  { script: 'Japanese', name: 'さくら 山田', font: 'NotoSerifJP' },
  { script: 'Korean', name: '김지은', font: 'NotoSerifKR' },
];

describe('certificate fonts', () => {
  it.each(SCRIPTS)('draws a $script name with a font that has every letter', async ({ name, font }) => {
    const { runs, missing } = await planRuns(name, 'normal');
    expect(missing).toEqual([]);
    for (const run of runs) {
      for (const char of run.text) expect(run.font.hasGlyph(char.codePointAt(0) ?? 0), char).toBe(true);
    }
    expect(runs.map((run) => run.text).join('')).toHaveLength(name.length);

    const { fonts, chars } = await embedded(await render(name));
    expect([...fonts].some((embeddedFont) => embeddedFont.startsWith(font))).toBe(true);
    // Arabic letters are drawn as joined forms, which map back to text less exactly than one glyph per letter.
    if (font !== 'NotoNaskhArabic-Regular') {
      for (const char of name.replace(/\s/g, '')) expect(chars.has(char), `${char} in the PDF`).toBe(true);
    }
  });

  it('mixes scripts on one line, each in its own font', async () => {
    const name = 'Maria (مريم) שרה 美 Åsa';
    const { fonts, chars } = await embedded(await render(name, 'Moon & 月 & القمر'));
    expect([...fonts]).toEqual(
      expect.arrayContaining(['NotoSerif-Regular', 'NotoNaskhArabic-Regular', 'NotoSerifHebrew-Regular']),
    );
    for (const char of 'MariaשרהÅs美月&()') expect(chars.has(char), char).toBe(true);
  });

  it('keeps one font for the accent and its letter even when the name arrives decomposed', async () => {
    const { runs } = await planRuns('Zoe\u0308', 'normal');
    expect(runs.map((run) => run.text)).toEqual(['Zoë']);
  });

  it('leaves out a character no font has instead of failing, and says so', async () => {
    const { runs, missing } = await planRuns('Zoë \u{10fffd}', 'normal');
    expect(missing).toEqual(['\u{10fffd}']);
    expect(runs.map((run) => run.text).join('')).toBe('Zoë ');
    const { chars } = await embedded(await render('\u{10fffd}'));
    for (const char of 'A Sacred Sister'.replace(/ /g, '')) expect(chars.has(char), char).toBe(true);
  });

  it('orders right-to-left runs from the right', async () => {
    const { runs } = await planRuns('Maria مريم שרה', 'normal');
    // Read in order Maria, مريم, שרה; the two right-to-left names are laid from the right, so שרה comes
    // before مريم from left to right.
    expect(visualOrder(runs).map((run) => run.text.trim())).toEqual(['Maria', 'שרה', 'مريم']);
  });
});

describe('certificate date', () => {
  it('is the day on the member’s calendar', () => {
    expect(completionDate(FINISHED, 'Europe/Berlin')).toBe('March 2, 2025');
    expect(completionDate(FINISHED, 'UTC')).toBe('March 1, 2025');
    expect(completionDate(new Date('2025-03-02T02:00:00Z'), 'America/New_York')).toBe('March 1, 2025');
    expect(completionDate(new Date('2025-03-01T16:00:00Z'), 'Asia/Tokyo')).toBe('March 2, 2025');
  });

  it('falls back to UTC for a zone the runtime does not know', () => {
    expect(completionDate(FINISHED, 'Mars/Olympus_Mons')).toBe('March 1, 2025');
  });

  it.skipIf(!hasPdftotext())('prints that day on the certificate', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'certificate-'));
    const file = path.join(dir, 'certificate.pdf');
    writeFileSync(file, await render('Anna', 'Moon', 'Europe/Berlin'));
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('Completed on March 2, 2025');
  });
});

function hasPdftotext() {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
