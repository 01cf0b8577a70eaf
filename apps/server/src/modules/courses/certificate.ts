import { isValidTimeZone } from '@lunara/shared/time-zones';
import { PDFDocument, rgb } from 'pdf-lib';
import { CertificateFonts, drawCentered, type Line, lineWidth } from './certificate-text.ts';

export interface CertificateInput {
  productName: string;
  memberName: string;
  courseTitle: string;
  completedAt: Date;
  /** The member's IANA time zone (profiles.time_zone): the day she finished is the day on her calendar. */
  timeZone: string;
}

const NIGHT = rgb(0.106, 0.086, 0.2);
const GOLD = rgb(0.788, 0.604, 0.271);
const MUTED = rgb(0.357, 0.337, 0.439);
const FALLBACK_NAME = 'A Sacred Sister';

/** "March 2, 2025" on the member's calendar; an unknown zone (never stored, but old rows) reads as UTC. */
export function completionDate(completedAt: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: isValidTimeZone(timeZone) ? timeZone : 'UTC',
  }).format(completedAt);
}

/** Shrinks long names and titles to fit the page width. */
function fittedSize(line: Line, size: number, maxWidth: number) {
  const width = lineWidth(line, size);
  return width <= maxWidth ? size : Math.max(12, Math.floor((size * maxWidth) / width));
}

/** A one-page landscape A4 certificate, in whatever script the name and titles are written. */
export async function renderCertificate(input: CertificateInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${input.courseTitle} - Certificate of Completion`);
  pdf.setAuthor(input.productName);
  pdf.setCreationDate(input.completedAt);
  const page = pdf.addPage([842, 595]);
  const fonts = new CertificateFonts(pdf);

  page.drawRectangle({ x: 0, y: 0, width: 842, height: 595, color: rgb(0.984, 0.973, 0.953) });
  page.drawRectangle({ x: 28, y: 28, width: 786, height: 539, borderColor: GOLD, borderWidth: 3 });
  page.drawRectangle({ x: 40, y: 40, width: 762, height: 515, borderColor: GOLD, borderWidth: 0.75 });

  drawCentered(page, await fonts.line(input.productName.toUpperCase()), 495, 14, GOLD);
  drawCentered(page, await fonts.line('Certificate of Completion'), 440, 40, NIGHT);
  drawCentered(page, await fonts.line('This certifies that', 'italic'), 390, 18, MUTED);
  let name = await fonts.line(input.memberName);
  if (name.pieces.length === 0) name = await fonts.line(FALLBACK_NAME);
  drawCentered(page, name, 335, fittedSize(name, 44, 700), NIGHT);
  page.drawLine({ start: { x: 221, y: 322 }, end: { x: 621, y: 322 }, thickness: 1, color: GOLD });
  drawCentered(page, await fonts.line('has lovingly completed the course', 'italic'), 285, 18, MUTED);
  const course = await fonts.line(input.courseTitle);
  drawCentered(page, course, 240, fittedSize(course, 32, 700), NIGHT);
  const date = completionDate(input.completedAt, input.timeZone);
  drawCentered(page, await fonts.line(`Completed on ${date}`), 190, 13, MUTED);
  const closing = await fonts.line(`With love, the ${input.productName} Sisterhood`, 'italic');
  drawCentered(page, closing, 100, fittedSize(closing, 16, 700), NIGHT);
  return pdf.save();
}
