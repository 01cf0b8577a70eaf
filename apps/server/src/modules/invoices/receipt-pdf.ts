/**
 * A one-page PDF 1.4 receipt, written by hand: Helvetica (a standard font, nothing embedded) in
 * WinAnsiEncoding. Characters WinAnsi has are written as they are; others are transliterated (accents
 * dropped, Greek and Cyrillic spelled in Latin letters), and anything left is written as its code point
 * (U+4E2D), never as "?".
 */

export interface ReceiptContent {
  productName: string;
  number: string;
  date: string;
  memberName: string;
  memberEmail: string;
  description: string;
  period: string;
  amount: string;
  status: string;
  note: string | null;
}

// The code points WinAnsiEncoding places in 0x80-0x9F (the rest of 0xA0-0xFF is Latin-1 as is).
const WIN_ANSI_HIGH: Record<number, number> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
};

// Letters that no decomposition takes to Latin ones.
const LATIN: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŋ: 'ng',
  Ŋ: 'NG',
  ŀ: 'l',
  Ŀ: 'L',
  ſ: 's',
  ț: 't',
  Ț: 'T',
  ș: 's',
  Ș: 'S',
};

const CYRILLIC =
  'а:a б:b в:v г:g д:d е:e ё:yo ж:zh з:z и:i й:y к:k л:l м:m н:n о:o п:p р:r с:s т:t у:u ф:f х:kh ц:ts ч:ch ш:sh щ:shch ъ: ы:y ь: э:e ю:yu я:ya і:i ї:yi є:ye ґ:g';
const GREEK = 'α:a β:v γ:g δ:d ε:e ζ:z η:i θ:th ι:i κ:k λ:l μ:m ν:n ξ:x ο:o π:p ρ:r σ:s ς:s τ:t υ:y φ:f χ:ch ψ:ps ω:o';

for (const table of [CYRILLIC, GREEK]) {
  for (const pair of table.split(' ')) {
    const [from = '', to = ''] = pair.split(':');
    LATIN[from] = to;
    const upper = from.toUpperCase();
    if (upper !== from) LATIN[upper] = to.charAt(0).toUpperCase() + to.slice(1);
  }
}

/** The WinAnsi byte of one character, or undefined when WinAnsi has no such character. */
function winAnsiByte(char: string): number | undefined {
  const code = char.codePointAt(0) ?? 0;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
  return WIN_ANSI_HIGH[code];
}

/** Text as WinAnsi bytes, transliterating what WinAnsi lacks (exported for tests). */
export function toWinAnsi(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text.normalize('NFC')) {
    const direct = winAnsiByte(char);
    if (direct !== undefined) {
      bytes.push(direct);
      continue;
    }
    if (/\s/u.test(char)) {
      bytes.push(0x20);
      continue;
    }
    // Accents off first (é -> e, Ἀ -> Α), then letters of other alphabets spelled in Latin ones.
    const stripped = [...char.normalize('NFKD').replace(/\p{M}/gu, '')];
    const spelled = stripped.map((c) => (winAnsiByte(c) !== undefined ? c : (LATIN[c] ?? LATIN[c.toLowerCase()])));
    if (stripped.length > 0 && spelled.every((c) => c !== undefined)) {
      for (const c of spelled.join('')) bytes.push(winAnsiByte(c) ?? 0x20);
      continue;
    }
    const hex = (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    for (const c of `U+${hex}`) bytes.push(c.charCodeAt(0));
  }
  return bytes;
}

/** A PDF literal string: parentheses and backslashes escaped, bytes past ASCII as octal escapes. */
export function pdfString(text: string): string {
  let out = '(';
  for (const byte of toWinAnsi(text)) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

/** Splits text into lines of at most `width` characters at spaces (long words are cut). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    let rest = word;
    while (rest.length > width) {
      if (line) lines.push(line);
      lines.push(rest.slice(0, width));
      line = '';
      rest = rest.slice(width);
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= width) line += ` ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

export function buildReceiptPdf(content: ReceiptContent): Buffer {
  const ops: string[] = [];
  const text = (font: 'F1' | 'F2', size: number, x: number, y: number, value: string) =>
    ops.push(`BT /${font} ${size} Tf ${x} ${y} Td ${pdfString(value)} Tj ET`);

  let y = 780;
  text('F2', 22, 56, y, content.productName);
  y -= 28;
  text('F1', 14, 56, y, 'Receipt');
  ops.push(`0.8 0.8 0.8 RG 1 w 56 ${y - 14} m 539 ${y - 14} l S`);
  y -= 44;
  const rows: Array<[string, string]> = [
    ['Receipt number', content.number],
    ['Date', content.date],
    ['Billed to', content.memberName],
    ['Email', content.memberEmail],
    ['Description', content.description],
    ['Period', content.period],
    ['Amount', content.amount],
    ['Status', content.status],
  ];
  for (const [label, value] of rows) {
    text('F2', 11, 56, y, label);
    for (const line of wrap(value, 60)) {
      text('F1', 11, 190, y, line);
      y -= 16;
    }
    y -= 6;
  }
  if (content.note) {
    y -= 10;
    for (const line of wrap(content.note, 90)) {
      text('F1', 9, 56, y, line);
      y -= 13;
    }
  }

  const stream = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    `<< /Title ${pdfString(`${content.productName} receipt ${content.number}`)} /Producer (Lunara) >>`,
  ];
  // Every byte is ASCII (octal escapes), so string lengths are byte offsets.
  let body = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
