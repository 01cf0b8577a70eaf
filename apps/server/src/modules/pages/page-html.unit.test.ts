import { DEFAULT_UPLOAD_LIMITS } from '@lunara/shared/media';
import { describe, expect, it } from 'vitest';
import { createPageTemplate, PAGE_LOADER_SCRIPT, scriptSafeJson } from './page-html.ts';

const INDEX = `<!doctype html><html><head><title>Lunara</title><script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/react.js"></head><body><div id="root"><div role="status"><p>Loading...</p></div></div></body></html>`;
const BOOT = {
  config: {
    productName: 'Lunara',
    priceCents: 5500,
    plans: { monthlyCents: 5500, yearlyCents: null, trialDays: 0 },
    currency: 'USD',
    billingProvider: 'test' as const,
    isProduction: true,
    uploadLimits: DEFAULT_UPLOAD_LIMITS,
    staffTwoFactorRequired: true,
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

  it('puts a prerendered page in #root, marked for hydration, its code requested by the loader', () => {
    const html = createPageTemplate(INDEX)({ boot: BOOT, preloads: ['/assets/landing.js'], body: '<main>Hi</main>' });
    expect(html).toContain('<div id="root" data-prerendered=""><main>Hi</main></div></body>');
    expect(html).not.toContain('Loading...');
    // No script or preload the browser would fetch before painting: the loader asks for them after.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain(
      `<head><title>Lunara</title><script data-entry="/assets/index.js" data-preload="/assets/react.js /assets/landing.js">${PAGE_LOADER_SCRIPT}</script><script id="lunara-boot"`,
    );
  });

  it('has a loader that requests the entry and every preload once the page is painted', async () => {
    const appended: Array<Record<string, string>> = [];
    const element = () => ({}) as Record<string, string>;
    const document = {
      createElement: element,
      head: { appendChild: (node: Record<string, string>) => appended.push(node) },
    };
    const script = { dataset: { entry: '/assets/index.js', preload: '/assets/react.js /assets/landing.js' } };
    const frames: Array<() => void> = [];
    const timers: Array<{ run: () => void; ms: number }> = [];
    const run = new Function('document', 'requestAnimationFrame', 'setTimeout', 'window', PAGE_LOADER_SCRIPT);
    run(
      { ...document, currentScript: script, addEventListener: () => {}, removeEventListener: () => {} },
      (callback: () => void) => frames.push(callback),
      (callback: () => void, ms: number) => timers.push({ run: callback, ms }),
      {},
    );
    expect(appended).toEqual([]); // nothing before the first frame
    for (const frame of frames) frame();
    for (const timer of timers.filter(({ ms }) => ms === 0)) timer.run();
    for (const timer of timers.filter(({ ms }) => ms > 0)) timer.run(); // the fallback adds nothing more
    expect(appended).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/react.js' },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/landing.js' },
      { type: 'module', crossOrigin: '', src: '/assets/index.js' },
    ]);
  });

  it('keeps the button pressed before hydration, stops its form, and presses it again once hydrated', () => {
    const listeners = new Map<string, (event: unknown) => void>();
    const document = {
      currentScript: { dataset: { entry: '/assets/index.js', preload: '' } },
      addEventListener: (type: string, listener: (event: unknown) => void, capture: boolean) => {
        expect(capture).toBe(true); // before anything on the page hears it
        listeners.set(type, listener);
      },
      removeEventListener: (type: string, listener: (event: unknown) => void) => {
        if (listeners.get(type) === listener) listeners.delete(type);
      },
    };
    const window: { __lunaraHydrated?: () => void } = {};
    new Function('document', 'requestAnimationFrame', 'setTimeout', 'window', PAGE_LOADER_SCRIPT)(
      document,
      () => {},
      () => {},
      window,
    );
    const pressed: string[] = [];
    const button = (name: string, disabled = false) => ({
      name,
      disabled,
      isConnected: true,
      click: () => pressed.push(name),
    });
    const press = (target: unknown) => {
      const event = {
        target: { closest: (selector: string) => (selector === 'button' ? target : null) },
        stopped: 0,
        preventDefault() {
          this.stopped++;
        },
        stopPropagation() {
          this.stopped++;
        },
      };
      listeners.get('click')?.(event);
      return event.stopped;
    };
    expect(press(button('Subscribe'))).toBe(2);
    expect(press(button('Disabled', true))).toBe(0); // a disabled button is left alone
    expect(press(null)).toBe(0); // so is a press beside any button (a link works as a plain link)
    expect(press(button('Manage Subscription'))).toBe(2); // the last one pressed is the one she wants
    expect(pressed).toEqual([]);
    window.__lunaraHydrated?.();
    expect(pressed).toEqual(['Manage Subscription']);
    expect(listeners.has('click')).toBe(false); // from now on React answers presses itself
    window.__lunaraHydrated?.();
    expect(pressed).toEqual(['Manage Subscription']);
  });

  it('tells React, once hydrated, of the text typed into a field before, then presses the kept button', () => {
    const listeners = new Map<string, (event: unknown) => void>();
    const document = {
      currentScript: { dataset: { entry: '/assets/index.js', preload: '' } },
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
    };
    const window: { __lunaraHydrated?: () => void } = {};
    new Function('document', 'requestAnimationFrame', 'setTimeout', 'window', PAGE_LOADER_SCRIPT)(
      document,
      () => {},
      () => {},
      window,
    );
    const heard: string[] = [];
    // A field as React hydrates it: its own `value` property notes what React last knew (its value
    // tracker) and writes through to the element's, which the prototype's setter sets alone.
    class Field {
      text = '';
      known = '';
      isConnected = true;
      constructor(
        readonly tagName: string,
        readonly type: string,
        drawn: string,
      ) {
        this.text = drawn;
        Object.defineProperty(this, 'value', {
          get: () => this.text,
          set: (value: string) => {
            this.known = value;
            this.text = value;
          },
        });
      }
      dispatchEvent(event: Event) {
        // React's onChange runs only when the element's text differs from what it knew.
        if (event.type === 'input' && event.bubbles && this.text !== this.known)
          heard.push(`${this.tagName} ${this.text}`);
        this.known = this.text;
        return true;
      }
    }
    Object.defineProperty(Field.prototype, 'value', {
      get(this: Field) {
        return this.text;
      },
      set(this: Field, value: string) {
        this.text = value;
      },
    });
    const typeInto = (field: Field, text: string) => {
      field.text = text; // the browser's own typing, which React's tracker does not see
      listeners.get('input')?.({ target: field });
    };
    const search = new Field('INPUT', 'search', '');
    const note = new Field('TEXTAREA', 'textarea', '');
    const box = new Field('INPUT', 'checkbox', 'on');
    const gone = new Field('INPUT', 'text', '');
    typeInto(search, 'moo');
    typeInto(search, 'moon');
    typeInto(note, 'Grateful today');
    typeInto(box, 'off');
    typeInto(gone, 'lost');
    gone.isConnected = false;
    const pressed: string[] = [];
    const button = { disabled: false, isConnected: true, click: () => pressed.push(`pressed after ${heard.length}`) };
    listeners.get('click')?.({
      target: { closest: () => button },
      preventDefault() {},
      stopPropagation() {},
    });
    // Hydration: React's tracker starts from each element's text as it finds it, hers included.
    for (const field of [search, note, box, gone]) field.known = field.text;
    window.__lunaraHydrated?.();
    // Each field once, with all she typed; not a checkbox's value, nor a field no longer on the page.
    expect(heard).toEqual(['INPUT moon', 'TEXTAREA Grateful today']);
    expect(search.text).toBe('moon');
    // The fields first, so a button that sends them sends her text.
    expect(pressed).toEqual(['pressed after 2']);
    expect(listeners.has('input')).toBe(false);
  });

  it('serves index.html unchanged when there is nothing to add', () => {
    expect(createPageTemplate(INDEX)({ boot: null, preloads: [] })).toBe(INDEX);
  });

  it('refuses a template it cannot fill', () => {
    expect(() => createPageTemplate('<html><body></body></html>')).toThrow(/root/);
  });
});
