import { describe, expect, it } from 'vitest';
import { csvCell, csvRows } from './analytics.ts';

describe('analytics CSV cells', () => {
  it('defuses text a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}SUM(A1)`)).toContain(`'${start}SUM(A1)`);
    expect(csvCell('=1+1')).toBe(`'=1+1`);
    expect(csvCell('-2')).toBe(`'-2`);
  });

  it('quotes commas, quotes and line breaks, and leaves numbers and plain text alone', () => {
    expect(csvCell('Moon, Sun')).toBe('"Moon, Sun"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('\rcarriage')).toBe(`"'\rcarriage"`);
    expect(csvCell(-250)).toBe('-250');
    expect(csvCell('Full Moon')).toBe('Full Moon');
    expect(
      csvRows([
        ['Day', 'Posts'],
        ['2026-03-01', 4],
      ]),
    ).toBe('Day,Posts\r\n2026-03-01,4\r\n');
  });
});
