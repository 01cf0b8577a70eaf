import { describe, expect, it } from 'vitest';
import { asServerRender, requestPathname } from './entry-server.tsx';
import { apiFetch } from './lib/api-client.ts';
import { localDateFormat, localTimeZone } from './lib/local-format.ts';
import { serverRender } from './lib/server-render.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A member's render: her reads answered with her name after `delay`, in her language and zone. */
const renderFor = (name: string, locale: string, timeZone: string, delay: number) => ({
  locale,
  timeZone,
  transport: async (path: string) => {
    await pause(delay);
    return new Response(JSON.stringify({ path, name }), { headers: { 'content-type': 'application/json' } });
  },
});

describe('the server render of a page', () => {
  it('gives each of two members drawn at once her own reads, language and time zone', async () => {
    const noon = new Date('2026-11-29T12:00:00Z');
    const draw = (name: string, locale: string, zone: string, delay: number) =>
      asServerRender(renderFor(name, locale, zone, delay), async () => {
        const first = await apiFetch<{ name: string }>('/api/me');
        await pause(delay);
        const second = await apiFetch<{ name: string; path: string }>('/api/posts');
        const format = localDateFormat({ hour: 'numeric', minute: '2-digit', weekday: 'long' });
        return [first.name, second.name, second.path, localTimeZone(), format.format(noon)];
      });
    // Interleaved: Ana's reads answer after Bea's have started and ended.
    const [ana, bea] = await Promise.all([
      draw('Ana', 'en-GB', 'Pacific/Kiritimati', 30),
      draw('Bea', 'en-US', 'America/New_York', 5),
    ]);
    expect(ana).toEqual(['Ana', 'Ana', '/api/posts', 'Pacific/Kiritimati', 'Monday 02:00']);
    expect(bea).toEqual(['Bea', 'Bea', '/api/posts', 'America/New_York', 'Sunday 7:00 AM']);
    // Outside any render: the browser's own (here, this process's).
    expect(serverRender()).toBeUndefined();
  });

  it("reads a request's address as a path, whatever its slashes", () => {
    expect(requestPathname('/course/1?from=feed#top')).toBe('/course/1');
    expect(requestPathname('///')).toBe('///');
    expect(requestPathname('//community')).toBe('//community');
    expect(requestPathname('//evil.example.com/x')).toBe('//evil.example.com/x');
  });
});
