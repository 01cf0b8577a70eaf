/**
 * Asking before she leaves an editor with changes the server does not have yet.
 *
 * The app runs on a declarative <BrowserRouter>, where react-router's useBlocker does not exist (it needs
 * a data router, and moving the whole app to one is out of this change's reach). Every in-app navigation
 * away from an editor starts with a click on a link, so a click listener on the document in the capture
 * phase sees it before React does: it stops the click there and asks, and the page navigates itself if
 * she confirms. Closing the tab or reloading is asked by the browser (beforeunload). The browser's Back
 * button is not caught this way; the autosave sends what is waiting when the editor unmounts, so only a
 * failed or conflicting change can be lost there.
 */

interface ClickLike {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

interface AnchorLike {
  href: string;
  target: string;
  hasAttribute(name: string): boolean;
}

interface ClosestLike {
  closest(selector: string): AnchorLike | null;
}

/**
 * The in-app address a click is about to open, or null when the click is not an in-app navigation
 * (another tab, a download, another site, a modified click, a link to the page already open).
 */
export function inAppDestination(event: ClickLike, current: { origin: string; href: string }): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target as Partial<ClosestLike> | null;
  const anchor = typeof target?.closest === 'function' ? target.closest('a[href]') : null;
  if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, current.href);
  } catch {
    return null;
  }
  if (url.origin !== current.origin) return null;
  const here = new URL(current.href);
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface LeaveGuardOptions {
  document: Pick<Document, 'addEventListener' | 'removeEventListener'>;
  window: Pick<Window, 'addEventListener' | 'removeEventListener' | 'location'>;
  isDirty: () => boolean;
  /** A link was clicked while dirty: ask, and navigate to `destination` if she confirms. */
  onBlocked: (destination: string) => void;
}

/** While `isDirty()`, closing the tab or reloading asks the browser's own question; returns its removal. */
export function warnBeforeUnload(
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  isDirty: () => boolean,
): () => void {
  const onBeforeUnload = (event: Event) => {
    if (!isDirty()) return;
    event.preventDefault();
    // Older browsers ask only when returnValue is set.
    (event as BeforeUnloadEvent).returnValue = '';
  };
  window.addEventListener('beforeunload', onBeforeUnload);
  return () => window.removeEventListener('beforeunload', onBeforeUnload);
}

/** Installs the two listeners; returns their removal. */
export function installLeaveGuard({ document, window, isDirty, onBlocked }: LeaveGuardOptions): () => void {
  const onClick = (event: Event) => {
    if (!isDirty()) return;
    const destination = inAppDestination(event as MouseEvent, window.location);
    if (destination === null) return;
    // Stopped here, in the capture phase at the document, the click never reaches React's <Link>.
    event.preventDefault();
    event.stopPropagation();
    onBlocked(destination);
  };
  document.addEventListener('click', onClick, true);
  const removeWarning = warnBeforeUnload(window, isDirty);
  return () => {
    document.removeEventListener('click', onClick, true);
    removeWarning();
  };
}
