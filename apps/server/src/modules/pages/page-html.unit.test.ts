import { describe, expect, it } from 'vitest';
import { createPageTemplate, scriptSafeJson } from './page-html.ts';

const INDEX = `<!doctype html><html><head><title>Lunara</title><script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/react.js"></head><body><div id="root"><div role="status"><p>Loading...</p></div></div></body></html>`;
const BOOT = {
  config: {
    productName: 'Lunara',
    priceCents: 5500,
    currency: 'USD',
    billingProvider: 'test' as const,
    isProduction: true,
  },
  me: { user: null },
  subscription: null,
};

describe('page template', () => {
  it('writes JSON that a bio cannot break out of', () => {
    const json = scriptSafeJson({ bio: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('</script');
    expect(JSON.parse(json)).toEqual({ bio: '</script><script>alert(1)</script>' });
  });

  it('adds the boot data and the page preloads, and keeps the loading state when not prerendered', () => {
    const html = createPageTemplate(INDEX)({ boot: BOOT, preloads: ['/assets/landing.js'] });
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/landing.js">');
    expect(html).toContain(`<script id="lunara-boot" type="application/json">${JSON.stringify(BOOT)}</script></head>`);
    expect(html).toContain('<div id="root"><div role="status"><p>Loading...</p></div></div></body>');
    expect(html).not.toContain('fetchpriority');
  });

  it('puts a prerendered page in #root, marked for hydration, its scripts after the paint', () => {
    const html = createPageTemplate(INDEX)({ boot: BOOT, preloads: ['/assets/landing.js'], body: '<main>Hi</main>' });
    expect(html).toContain('<div id="root" data-prerendered=""><main>Hi</main></div></body>');
    expect(html).not.toContain('Loading...');
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/landing.js">');
  });

  it('serves index.html unchanged when there is nothing to add', () => {
    expect(createPageTemplate(INDEX)({ boot: null, preloads: [] })).toBe(INDEX);
  });

  it('refuses a template it cannot fill', () => {
    expect(() => createPageTemplate('<html><body></body></html>')).toThrow(/root/);
  });
});
