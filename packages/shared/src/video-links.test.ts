import { describe, expect, it } from 'vitest';
import { parseVideoLink } from './video-links.ts';

describe('parseVideoLink', () => {
  it('turns YouTube links into privacy-enhanced embeds', () => {
    const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      '  https://youtu.be/dQw4w9WgXcQ  ',
    ]) {
      expect(parseVideoLink(link), link).toEqual({ provider: 'youtube', id: 'dQw4w9WgXcQ', embedUrl: embed });
    }
  });

  it('turns Vimeo links into embeds that do not track, keeping an unlisted video’s hash', () => {
    expect(parseVideoLink('https://vimeo.com/76979871')?.embedUrl).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1',
    );
    expect(parseVideoLink('https://vimeo.com/channels/staffpicks/76979871')?.id).toBe('76979871');
    expect(parseVideoLink('https://player.vimeo.com/video/76979871')?.provider).toBe('vimeo');
    expect(parseVideoLink('https://vimeo.com/76979871/abc123def0')?.embedUrl).toBe(
      'https://player.vimeo.com/video/76979871?h=abc123def0&dnt=1',
    );
  });

  it('refuses everything else', () => {
    for (const link of [
      '',
      'not a link',
      'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
      'https://evil.example/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
      'https://youtu.be/dQw4w9WgXcQ/extra',
      'https://user:pass@youtu.be/dQw4w9WgXcQ',
      'https://youtu.be:8443/dQw4w9WgXcQ',
      'ftp://vimeo.com/76979871',
      'https://vimeo.com/about',
      'https://player.vimeo.com/video/76979871/../../x',
    ]) {
      expect(parseVideoLink(link), link).toBeNull();
    }
  });
});
