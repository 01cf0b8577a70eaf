import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

interface CertificateInput {
  productName: string;
  memberName: string;
  courseTitle: string;
  completedAt: Date;
}

const NIGHT = rgb(0.106, 0.086, 0.2);
const GOLD = rgb(0.788, 0.604, 0.271);
const MUTED = rgb(0.357, 0.337, 0.439);

// Letters that Unicode does not decompose into a base letter and a mark.
const UNDECOMPOSABLE: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
};

/**
 * The standard PDF fonts only know Windows-1252: letters outside it are reduced to their base letter
 * (é stays, ł becomes l) or dropped, rather than failing the download.
 */
export function toWinAnsi(text: string): string {
  const allowed =
    /[\u0020-\u007e\u00a0-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026]/;
  return [...text]
    .map((char) => {
      if (allowed.test(char)) return char;
      const mapped = UNDECOMPOSABLE[char];
      if (mapped) return mapped;
      const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return [...base].every((c) => allowed.test(c)) ? base : '';
    })
    .join('')
    .trim();
}

function drawCentered(
  page: ReturnType<PDFDocument['addPage']>,
  text: string,
  y: number,
  font: PDFFont,
  size: number,
  color = NIGHT,
) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (page.getWidth() - width) / 2, y, size, font, color });
}

/** Fits a line into the page width by shrinking it, for long names and titles. */
function fittedSize(text: string, font: PDFFont, size: number, maxWidth: number) {
  const width = font.widthOfTextAtSize(text, size);
  return width <= maxWidth ? size : Math.max(12, Math.floor((size * maxWidth) / width));
}

/** A one-page landscape A4 certificate. */
export async function renderCertificate(input: CertificateInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${toWinAnsi(input.courseTitle)} - Certificate of Completion`);
  pdf.setAuthor(toWinAnsi(input.productName));
  pdf.setCreationDate(input.completedAt);
  const page = pdf.addPage([842, 595]);
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const serifItalic = await pdf.embedFont(StandardFonts.TimesRomanItalic);
  const sans = await pdf.embedFont(StandardFonts.Helvetica);

  page.drawRectangle({ x: 0, y: 0, width: 842, height: 595, color: rgb(0.984, 0.973, 0.953) });
  page.drawRectangle({ x: 28, y: 28, width: 786, height: 539, borderColor: GOLD, borderWidth: 3 });
  page.drawRectangle({ x: 40, y: 40, width: 762, height: 515, borderColor: GOLD, borderWidth: 0.75 });

  const product = toWinAnsi(input.productName).toUpperCase();
  drawCentered(page, product, 495, sans, 14, GOLD);
  drawCentered(page, 'Certificate of Completion', 440, serif, 40);
  drawCentered(page, 'This certifies that', 390, serifItalic, 18, MUTED);
  const name = toWinAnsi(input.memberName) || 'A Sacred Sister';
  drawCentered(page, name, 335, serif, fittedSize(name, serif, 44, 700));
  page.drawLine({ start: { x: 221, y: 322 }, end: { x: 621, y: 322 }, thickness: 1, color: GOLD });
  drawCentered(page, 'has lovingly completed the course', 285, serifItalic, 18, MUTED);
  const course = toWinAnsi(input.courseTitle);
  drawCentered(page, course, 240, serif, fittedSize(course, serif, 32, 700));
  const date = input.completedAt.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  drawCentered(page, `Completed on ${date}`, 190, sans, 13, MUTED);
  drawCentered(page, `With love, the ${toWinAnsi(input.productName)} Sisterhood`, 100, serifItalic, 16, NIGHT);
  return pdf.save();
}
