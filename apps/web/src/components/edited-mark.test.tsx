import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EditedMark } from './edited-mark.tsx';

describe('the "Edited" mark', () => {
  it('shows nothing for an item never edited', () => {
    expect(renderToStaticMarkup(<EditedMark editedAt={null} />)).toBe('');
  });

  it('says "Edited" with the exact time on hover and the time read out to screen readers', () => {
    const editedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const html = renderToStaticMarkup(<EditedMark editedAt={editedAt} />);
    expect(html).toContain(`<time dateTime="${editedAt}" title="Edited `);
    expect(html).toMatch(/>Edited<span class="sr-only"> 5 minutes ago<\/span><\/time>/);
  });
});
