import { MARK_END, MARK_START } from '@lunara/shared/search-constants';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkedText } from './marked-text.tsx';

const render = (text: string) => renderToStaticMarkup(<MarkedText text={text} />);

describe('a search result with its matched words marked', () => {
  it('wraps each matched word in a <mark> and keeps the rest as text', () => {
    expect(render(`Evening ${MARK_START}moon${MARK_END} ritual under the ${MARK_START}Moon${MARK_END}`)).toBe(
      '<span>Evening </span><mark class="rounded-sm bg-gold-300/70 px-0.5 text-inherit">moon</mark>' +
        '<span> ritual under the </span><mark class="rounded-sm bg-gold-300/70 px-0.5 text-inherit">Moon</mark>',
    );
  });

  it('never reads the text as HTML, marked or not', () => {
    const html = render(`<img src=x onerror=alert(1)> ${MARK_START}<b>moon</b>${MARK_END}`);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain(
      '<mark class="rounded-sm bg-gold-300/70 px-0.5 text-inherit">&lt;b&gt;moon&lt;/b&gt;</mark>',
    );
  });

  it('shows text without marks as it is, and ignores a stray end mark', () => {
    expect(render('Plain words')).toBe('<span>Plain words</span>');
    expect(render(`a${MARK_END}b`)).toBe('<span>a</span><span>b</span>');
    expect(render('')).toBe('');
  });
});
