import { describe, expect, it, vi } from 'vitest';
import { inAppDestination, installLeaveGuard } from './leave-guard.ts';

const here = { origin: 'https://lunara.test', href: 'https://lunara.test/admin/content/courses/1' };

function click(
  href: string | null,
  change: Partial<{ target: string; download: boolean; ctrlKey: boolean; button: number }> = {},
) {
  const anchor =
    href === null
      ? null
      : {
          href: new URL(href, here.href).href,
          target: change.target ?? '',
          hasAttribute: (name: string) => name === 'download' && Boolean(change.download),
        };
  const event = new Event('click', { cancelable: true, bubbles: true });
  // Own properties shadow Event's read-only accessors (Node has no MouseEvent nor elements).
  const fields = {
    button: change.button ?? 0,
    metaKey: false,
    ctrlKey: change.ctrlKey ?? false,
    shiftKey: false,
    altKey: false,
    target: { closest: () => anchor },
  };
  for (const [name, value] of Object.entries(fields)) Object.defineProperty(event, name, { value });
  return event as Event & typeof fields;
}

const beforeUnload = () =>
  Object.defineProperty(new Event('beforeunload', { cancelable: true }), 'returnValue', {
    value: true,
    writable: true,
  });

describe('which clicks leave the editor', () => {
  it('an in-app link does, with its path, query and hash', () => {
    expect(inAppDestination(click('/admin/content?section=rituals#top'), here)).toBe(
      '/admin/content?section=rituals#top',
    );
  });

  it('new tabs, downloads, other sites, modified clicks and the same page do not', () => {
    expect(inAppDestination(click('/course/1', { target: '_blank' }), here)).toBeNull();
    expect(inAppDestination(click('/media/abc', { download: true }), here)).toBeNull();
    expect(inAppDestination(click('https://example.com/'), here)).toBeNull();
    expect(inAppDestination(click('/dashboard', { ctrlKey: true }), here)).toBeNull();
    expect(inAppDestination(click('/dashboard', { button: 1 }), here)).toBeNull();
    expect(inAppDestination(click('/admin/content/courses/1#outline'), here)).toBeNull();
    expect(inAppDestination(click(null), here)).toBeNull();
  });
});

describe('the leave guard', () => {
  function install(dirty: boolean) {
    const document = new EventTarget();
    const window = Object.assign(new EventTarget(), { location: here as Location });
    const onBlocked = vi.fn();
    const state = { dirty };
    const remove = installLeaveGuard({
      document: document as unknown as Document,
      window: window as unknown as Window,
      isDirty: () => state.dirty,
      onBlocked,
    });
    return { document, window, onBlocked, state, remove };
  }

  it('stops a link click while there are unsaved changes and asks', () => {
    const { document, onBlocked } = install(true);
    const event = click('/admin/content');
    document.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(onBlocked).toHaveBeenCalledWith('/admin/content');
    // Stopped in the capture phase at the document: React's listener at the root never sees it.
    expect(event.cancelBubble).toBe(true);
  });

  it('lets every click through once everything is saved', () => {
    const { document, onBlocked } = install(false);
    const event = click('/admin/content');
    document.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(onBlocked).not.toHaveBeenCalled();
  });

  it('asks the browser before closing the tab only while dirty, and removes its listeners', () => {
    const { window, state, remove } = install(true);
    const first = beforeUnload();
    window.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    state.dirty = false;
    const second = beforeUnload();
    window.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
    state.dirty = true;
    remove();
    const third = beforeUnload();
    window.dispatchEvent(third);
    expect(third.defaultPrevented).toBe(false);
  });
});
