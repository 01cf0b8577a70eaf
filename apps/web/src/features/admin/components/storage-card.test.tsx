import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StorageFigures } from './storage-card.tsx';

const MB = 1024 * 1024;

describe('the Storage card', () => {
  it('shows the total, each kind and the members storing the most, in words', () => {
    const html = renderToStaticMarkup(
      <StorageFigures
        totals={{
          totalBytes: 12.5 * MB,
          files: 7,
          byKind: [
            { kind: 'avatar', bytes: 300 * 1024, files: 2 },
            { kind: 'lesson_video', bytes: 12 * MB, files: 5 },
            { kind: 'course_cover', bytes: 0, files: 0 },
          ],
          members: [{ userId: 'u1', displayName: 'Selene Moon', bytes: 300 * 1024, files: 1 }],
        }}
      />,
    );
    expect(html).toContain('12.5 MB');
    expect(html).toContain('in 7 files');
    expect(html).toMatch(/Profile photos<\/dt><dd[^>]*>300 KB<\/dd><dd[^>]*>2 files/);
    expect(html).toMatch(/Lesson videos<\/dt><dd[^>]*>12 MB<\/dd><dd[^>]*>5 files/);
    // A kind with nothing stored is left out rather than listed as 0 bytes.
    expect(html).not.toContain('Course covers');
    expect(html).toMatch(/Selene Moon<\/th><td[^>]*>300 KB<\/td><td[^>]*>1 file</);
  });

  it('says so when nothing is stored', () => {
    const html = renderToStaticMarkup(<StorageFigures totals={{ totalBytes: 0, files: 0, byKind: [], members: [] }} />);
    expect(html).toContain('Nothing has been uploaded yet.');
  });
});
