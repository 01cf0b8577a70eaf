import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadMarkdown } from '../markdown.tsx';
import { FormattedText } from './formatted-text.tsx';

const render = (text: string) => renderToStaticMarkup(<FormattedText text={text} />);

describe('FormattedText', () => {
  // The parser downloads on first need; these check what it draws.
  beforeAll(preloadMarkdown);

  it('renders the formatting members write', () => {
    const html = render('**bold** and _soft_ and `code`\n\n- one\n- two\n\n1. first\n\n> a quote\n\n```\nblock\n```');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>soft</em>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<ul>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<pre><code>block\n</code></pre>');
  });

  it('keeps her line breaks as she wrote them', () => {
    expect(render('first line\nsecond line')).toContain('<p>first line<br/>\nsecond line</p>');
  });

  it('shows raw HTML as the text she typed, never as HTML', () => {
    const html = render('Look <b onclick="alert(1)">here</b>\n\n<script>alert(1)</script>');
    expect(html).not.toMatch(/<script|<b |onclick="/);
    expect(html).toContain('&lt;b onclick=&quot;alert(1)&quot;&gt;here&lt;/b&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('drops javascript: and other unsafe addresses but keeps the words', () => {
    const html = render('[click me](javascript:alert(1)) and [data](data:text/html,hi)');
    expect(html).not.toMatch(/javascript:|data:text/);
    expect(html).toContain('<span>click me</span>');
  });

  it('opens outside links in a new tab, marked as user content', () => {
    const html = render('[the moon](https://example.com/moon)');
    expect(html).toContain('href="https://example.com/moon"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener nofollow ugc"');
  });

  it('shows no images, not even the site’s own, and headings as bold lines', () => {
    const html = render('![a cat](https://example.com/cat.png)\n\n![ours](/media/abc)\n\n# Big news');
    expect(html).not.toContain('<img');
    expect(html).toContain('a cat');
    expect(html).not.toMatch(/<h\d/);
    expect(html).toContain('<p><strong>Big news</strong></p>');
  });

  it('renders a mention as a link to the member’s profile, with its "@"', () => {
    const html = render('Thanks @[Bea Moon](member:Xy7_Bea-12)!');
    expect(html).toContain('Thanks <a class="mention" href="/community?member=Xy7_Bea-12">@Bea Moon</a>!');
    // Only a well-formed member id becomes a link.
    expect(render('@[Bea](member:../../admin)')).not.toContain('href');
  });

  it('opens a mention over the community page she is on, and on the community page from elsewhere', () => {
    const at = (url: string) =>
      renderToStaticMarkup(
        <MemoryRouter initialEntries={[url]}>
          <FormattedText text="@[Bea](member:bea-1)" />
        </MemoryRouter>,
      );
    expect(at('/community?tab=forums&topic=t1')).toContain(
      'href="/community?tab=forums&amp;topic=t1&amp;member=bea-1"',
    );
    expect(at('/community/post/p1')).toContain('href="/community/post/p1?member=bea-1"');
    expect(at('/pods/p1')).toContain('href="/community?member=bea-1"');
  });

  it('has no tables', () => {
    expect(render('| a | b |\n| - | - |\n| 1 | 2 |')).not.toContain('<table');
  });
});
