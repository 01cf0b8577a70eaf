import { describe, expect, it } from 'vitest';
import { renderIcs } from './ics.ts';

const INJECTION = 'ATTENDEE;CN=Mallory:mailto:mallory@evil.example';
const BREAKS = ['\r\n', '\n', '\r', '\r\r\n', '\u000b', '\u000c', '\u0085'];

function render(fields: { title?: string; description?: string; location?: string | null; url?: string | null }) {
  return renderIcs(
    {
      id: '0b6b1c52-77a1-5e0f-9c59-2d9f8f2a1b3c',
      title: fields.title ?? 'Full Moon Circle',
      description: fields.description ?? 'Gather',
      start: new Date('2026-12-24T19:00:00Z'),
      end: new Date('2026-12-24T20:00:00Z'),
      location: fields.location ?? null,
      url: fields.url ?? null,
      host: 'lunara.example',
      productName: 'Lunara',
    },
    new Date('2026-11-23T10:00:00Z'),
  );
}

/** The content lines as a calendar reads them: CRLF-separated, folded lines joined back. */
const contentLines = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n').filter(Boolean);

describe('the .ics file', () => {
  it('lets no text field start a property of its own', () => {
    for (const newline of BREAKS) {
      const hostile = `Innocent${newline}${INJECTION}${newline}END:VEVENT${newline}BEGIN:VEVENT`;
      for (const ics of [
        render({ title: hostile }),
        render({ description: hostile }),
        render({ location: hostile }),
        render({ url: `https://meet.example/x${newline}${INJECTION}` }),
      ]) {
        const names = contentLines(ics).map((line) => line.split(/[:;]/)[0]);
        expect(names, JSON.stringify(newline)).toEqual([
          'BEGIN',
          'VERSION',
          'PRODID',
          'CALSCALE',
          'METHOD',
          'BEGIN',
          'UID',
          'DTSTAMP',
          'DTSTART',
          'DTEND',
          'SUMMARY',
          'DESCRIPTION',
          ...(ics.includes('LOCATION:') ? ['LOCATION'] : []),
          'END',
          'END',
        ]);
        // Only CRLF ends a line: no bare CR or LF, nor any other control character, is left.
        expect(ics.replace(/\r\n/g, '')).not.toMatch(/\p{Cc}/u);
      }
    }
  });

  it('escapes TEXT per RFC 5545 and keeps the line breaks as \\n', () => {
    const lines = contentLines(render({ title: 'Moon; Sun, Stars\\', description: 'One\r\nTwo\nThree\rFour' }));
    expect(lines).toContain('SUMMARY:Moon\\; Sun\\, Stars\\\\');
    expect(lines).toContain('DESCRIPTION:One\\nTwo\\nThree\\nFour');
  });

  it('writes only a plain https meeting link as the URL', () => {
    expect(contentLines(render({ url: 'https://meet.jit.si/lunara-circle' }))).toContain(
      'URL:https://meet.jit.si/lunara-circle',
    );
    for (const url of ['javascript:alert(1)', 'http://meet.example/', 'https://meet.example/a b']) {
      expect(render({ url })).not.toContain('URL:');
    }
  });

  it('folds every line at 75 octets without splitting a character', () => {
    const ics = render({ title: '🌙'.repeat(100), description: `é${'a'.repeat(300)}`, location: 'ü'.repeat(120) });
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(ics).not.toContain('\uFFFD');
    expect(contentLines(ics)).toContain(`SUMMARY:${'🌙'.repeat(100)}`);
  });
});
