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

  it('has a loader that requests the entry, then every preload a few per task, once the page is painted', async () => {
    const appended: Array<Record<string, string>> = [];
    const element = () => ({}) as Record<string, string>;
    const document = {
      createElement: element,
      head: { appendChild: (node: Record<string, string>) => appended.push(node) },
    };
    const files = Array.from({ length: 20 }, (_, i) => `/assets/part-${i}.js`);
    const script = { dataset: { entry: '/assets/index.js', preload: ['/assets/react.js', ...files].join(' ') } };
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
    const tasks: number[] = [];
    const later: Array<() => void> = [];
    for (let timer = timers.shift(); timer; timer = timers.shift()) {
      if (timer.ms > 0) later.push(timer.run);
      else {
        const before = appended.length;
        timer.run();
        tasks.push(appended.length - before);
      }
    }
    // The fallback at 3 s adds nothing more.
    for (const run of later) run();
    expect(appended).toEqual([
      { type: 'module', crossOrigin: '', src: '/assets/index.js' },
      ...['/assets/react.js', ...files].map((href) => ({ rel: 'modulepreload', crossOrigin: '', href })),
    ]);
    // The entry and eight preloads in the first task, then eight at most in each.
    expect(tasks).toEqual([9, 8, 5]);
  });

  /** The loader run against a stand-in document; `timers` are its pending timeouts, run by hand. */
  function runLoader({ reactMarksElements = true } = {}) {
    const listeners = new Map<string, (event: unknown) => void>();
    const timers: Array<{ run: () => void; ms: number }> = [];
    const document = {
      currentScript: { dataset: { entry: '/assets/index.js', preload: '' } },
      // The page's first element, as hydrated React leaves it (or, should React change, unmarked).
      getElementById: (id: string) =>
        id === 'root' ? { firstElementChild: reactMarksElements ? hydrate({}) : {} } : null,
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
      (run: () => void, ms: number) => timers.push({ run, ms }),
      window,
    );
    /** Runs the timeouts due so far (the loader's own tries of 50 ms, or the stop at ten seconds). */
    const runTimers = (ms: number) => {
      const due = timers.filter((one) => one.ms === ms);
      timers.splice(0, timers.length, ...timers.filter((one) => one.ms !== ms));
      for (const timer of due) timer.run();
    };
    return { listeners, window, runTimers };
  }

  /**
   * What React leaves on an element it hydrates: its fiber, under a key of its own, whose root is the
   * committed one once React has committed it (`committed` false: drawn, not committed yet).
   */
  const hydrate = (element: object, committed = true) => {
    const root: { return: null; stateNode: { current: unknown } } = { return: null, stateNode: { current: null } };
    root.stateNode.current = committed ? root : {};
    return Object.assign(element, { __reactFiber$test: { return: { return: root }, alternate: null } });
  };

  it('keeps the button pressed before hydration, stops its form, and presses it again once React owns it', () => {
    const { listeners, window, runTimers } = runLoader();
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
    const subscribe = button('Subscribe');
    const manage = button('Manage Subscription');
    const tab = button('Events tab');
    expect(press(subscribe)).toBe(2);
    expect(press(button('Disabled', true))).toBe(0); // a disabled button is left alone
    expect(press(null)).toBe(0); // so is a press beside any button (a link works as a plain link)
    expect(press(manage)).toBe(2); // the last one pressed is the one she wants
    expect(pressed).toEqual([]);
    for (const element of [subscribe, manage, tab]) hydrate(element);
    window.__lunaraHydrated?.();
    expect(pressed).toEqual(['Manage Subscription']);
    // React answers a button it owns itself.
    expect(press(tab)).toBe(0);
    window.__lunaraHydrated?.();
    expect(pressed).toEqual(['Manage Subscription']);

    // A part of the page whose code is still on its way hydrates later: its button waits for it, and
    // for React to commit it.
    const attend = button('Attend');
    expect(press(attend)).toBe(2);
    runTimers(50);
    expect(pressed).toEqual(['Manage Subscription']);
    hydrate(attend, false);
    runTimers(50);
    expect(pressed).toEqual(['Manage Subscription']);
    hydrate(attend);
    runTimers(50);
    expect(pressed).toEqual(['Manage Subscription', 'Attend']);
    // Ten seconds after the page, the loader stops keeping anything.
    runTimers(10_000);
    expect(listeners.size).toBe(0);
  });

  it('presses the kept button at once, and stops, should React no longer mark the elements it hydrates', () => {
    const { listeners, window } = runLoader({ reactMarksElements: false });
    const pressed: string[] = [];
    listeners.get('click')?.({
      target: { closest: () => ({ disabled: false, isConnected: true, click: () => pressed.push('Subscribe') }) },
      preventDefault() {},
      stopPropagation() {},
    });
    window.__lunaraHydrated?.();
    expect(pressed).toEqual(['Subscribe']);
    expect(listeners.size).toBe(0);
  });

  it('keeps an Enter in a field before hydration, and gives it again once the field is live', () => {
    const { listeners, window, runTimers } = runLoader();
    const sent: string[] = [];
    // Node has no KeyboardEvent: the browser's, as far as the loader uses it.
    class KeyboardEvent extends Event {
      key: string;
      ctrlKey: boolean;
      constructor(type: string, init: { key: string; ctrlKey: boolean; bubbles: boolean; cancelable: boolean }) {
        super(type, init);
        this.key = init.key;
        this.ctrlKey = init.ctrlKey;
      }
    }
    Object.assign(globalThis, { KeyboardEvent });
    const field = (tagName: string, form?: { requestSubmit(): void }) => ({
      tagName,
      form,
      isConnected: true,
      dispatchEvent: (event: KeyboardEvent) => sent.push(`${tagName} ${event.type} ${event.key} ctrl:${event.ctrlKey}`),
    });
    const key = (target: unknown, init: { key: string; shiftKey?: boolean; ctrlKey?: boolean }) => {
      let stopped = 0;
      listeners.get('keydown')?.({
        target,
        isComposing: false,
        shiftKey: false,
        ctrlKey: false,
        metaKey: false,
        ...init,
        preventDefault: () => stopped++,
        stopPropagation: () => stopped++,
      });
      return stopped;
    };
    try {
      const reply = field('TEXTAREA');
      expect(key(reply, { key: 'a' })).toBe(0); // her typing goes to the field
      expect(key(reply, { key: 'Enter', shiftKey: true })).toBe(0); // a new line, in the field
      expect(key(reply, { key: 'Enter', ctrlKey: true })).toBe(2);
      hydrate(reply);
      window.__lunaraHydrated?.();
      expect(sent).toEqual(['TEXTAREA keydown Enter ctrl:true']);
      // In an input of a form, Enter submits the form, as the browser would have.
      const form = { requestSubmit: () => sent.push('form submitted') };
      const search = field('INPUT', form);
      expect(key(search, { key: 'Enter' })).toBe(2);
      runTimers(50);
      expect(sent).toHaveLength(1);
      hydrate(search);
      runTimers(50);
      expect(sent).toEqual(['TEXTAREA keydown Enter ctrl:true', 'form submitted']);
      // A live field's keys are React's.
      expect(key(search, { key: 'Enter' })).toBe(0);
    } finally {
      Reflect.deleteProperty(globalThis, 'KeyboardEvent');
    }
  });

  it('serves index.html unchanged when there is nothing to add', () => {
    expect(createPageTemplate(INDEX)({ boot: null, preloads: [] })).toBe(INDEX);
  });

  it('refuses a template it cannot fill', () => {
    expect(() => createPageTemplate('<html><body></body></html>')).toThrow(/root/);
  });
});
