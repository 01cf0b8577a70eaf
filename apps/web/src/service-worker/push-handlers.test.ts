import { describe, expect, it } from 'vitest';
import { readPushMessage, sameOriginUrl } from './push-handlers.ts';

const origin = 'https://lunara.example';

describe('the service worker push handlers', () => {
  it('read the payload the server sends', () => {
    const text = JSON.stringify({ title: 'New like', body: 'Ada liked', url: '/community/post/1', tag: 'lunara-1' });
    expect(readPushMessage(text)).toEqual({
      title: 'New like',
      body: 'Ada liked',
      url: '/community/post/1',
      tag: 'lunara-1',
    });
  });

  it('show something even when the payload cannot be read', () => {
    for (const text of [undefined, '', 'not json', '[]', '{"title": 3}']) {
      expect(readPushMessage(text).title).toBe('Lunara');
    }
  });

  it('open pages of this site only', () => {
    expect(sameOriginUrl('/community/post/1', origin)).toBe(`${origin}/community/post/1`);
    expect(sameOriginUrl(`${origin}/pods/2`, origin)).toBe(`${origin}/pods/2`);
    for (const url of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', 42, null]) {
      expect(sameOriginUrl(url, origin)).toBe(`${origin}/community`);
    }
  });
});
