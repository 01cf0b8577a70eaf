import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { Markdown, preloadMarkdown } from './markdown.tsx';

const render = (text: string) => renderToStaticMarkup(<Markdown>{text}</Markdown>);

describe('Markdown', () => {
  // The parser downloads on first need; these check what it draws.
  beforeAll(preloadMarkdown);

  it('renders the formatting lessons use', () => {
    const html = render(
      '# Title\n\n## Part\n\n- one\n- two\n\n1. first\n\n> a quote\n\n**bold** and *soft* and `code`',
    );
    // The page has its own h1: a body heading is a section of it.
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<h3>Part</h3>');
    expect(html).toContain('<ul>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>soft</em>');
    expect(html).toContain('<code>code</code>');
    expect(html).not.toContain('<h1');
  });

  it('drops raw HTML, scripts and event handlers', () => {
    const html = render(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n<iframe src="https://evil.example"></iframe>\n\nText <b onclick="alert(1)">bold</b> <style>body{display:none}</style>',
    );
    expect(html).not.toMatch(/<script|<iframe|<style|onerror|onclick|<img/i);
    expect(html).toContain('Text');
  });

  it('never renders a script address as a link', () => {
    for (const link of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
    ]) {
      const html = render(`[click](${link}) and <${link}>`);
      expect(html, link).not.toMatch(/href="(?!#|\/|https?:|mailto:)/i);
      expect(html, link).not.toMatch(/href="[^"]*(javascript|vbscript|data:|file:)/i);
    }
  });

  it('opens outside links in a new tab, marked, without passing on who sent her', () => {
    const html = render('[moon](https://example.com/moon) and [lessons](/courses)');
    expect(html).toContain('href="https://example.com/moon" target="_blank" rel="noopener nofollow ugc"');
    expect(html).toContain('(opens in a new tab)');
    expect(html).toContain('<a href="/courses">lessons</a>');
  });

  it('treats //host and /\\host as other sites, never as links to this one', () => {
    const html = render('[a](//evil.example/x) [b](/\\evil.example/x)');
    expect(html).not.toMatch(/href="\/[/\\]/);
  });

  it('shows only this site’s own uploads as images', () => {
    const html = render(
      '![a moon](/media/0f0c1f2a-1111-4222-8333-444455556666/800) ![pixel](https://tracker.example/p.gif) ![api](/api/me)',
    );
    expect(html).toContain('src="/media/0f0c1f2a-1111-4222-8333-444455556666/800"');
    expect(html).toContain('alt="a moon"');
    expect(html).not.toContain('tracker.example/p.gif"');
    expect(html).not.toContain('src="/api/me"');
    expect(html).toContain('[Image: pixel]');
  });
});
