import { describe, expect, it } from 'vitest';
import { renderMarkdownForEmail, safeEmailUrl } from './markdown.ts';

const APP = 'https://lunara.example';

describe('Markdown for email', () => {
  it('renders the usual formatting, with own paths made absolute', () => {
    const { html, text } = renderMarkdownForEmail(
      '# News\n\nJoin us **tonight** in the [community](/community).\n\n- one\n- two',
      APP,
    );
    expect(html).toContain('<strong>tonight</strong>');
    expect(html).toContain('<a href="https://lunara.example/community"');
    expect(html).toContain('<ul');
    expect(text).toContain('NEWS');
    expect(text).toContain('community (https://lunara.example/community)');
    expect(text).toContain('- one\n- two');
  });

  it('drops raw HTML, unsafe links and outside images; escapes every text', () => {
    const source = [
      '<script>alert(1)</script><img src=x onerror=alert(1)>',
      '[click](javascript:alert(1)) [proto](//evil.example/x) [data](data:text/html,hi)',
      '![tracker](https://evil.example/pixel.png)',
      'Tom & "Jerry" <b>bold</b>',
    ].join('\n\n');
    const { html } = renderMarkdownForEmail(source, APP);
    expect(html).not.toMatch(/<script|<img|onerror|javascript:|evil\.example|data:text/);
    expect(html).toContain('click');
    expect(html).toContain('[Image: tracker]');
    expect(html).toContain('Tom &amp; &quot;Jerry&quot;');
  });

  it('allows only http(s), mailto and this site’s paths', () => {
    expect(safeEmailUrl('https://a.example/b?c=1', APP)).toBe('https://a.example/b?c=1');
    expect(safeEmailUrl('mailto:hi@example.com', APP)).toBe('mailto:hi@example.com');
    expect(safeEmailUrl('/courses', APP)).toBe('https://lunara.example/courses');
    for (const bad of ['javascript:alert(1)', '//evil.example', '/\\evil.example', 'ftp://x', 'vbscript:x']) {
      expect(safeEmailUrl(bad, APP)).toBeNull();
    }
  });
});
