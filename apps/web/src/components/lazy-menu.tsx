import {
  type ComponentType,
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  useRef,
  useState,
} from 'react';
import { importWithRetry } from '../lib/import-with-retry.ts';
import { toast } from '../lib/toast.ts';

/** How the menu was first asked for: the loaded menu opens at once, as Radix's own trigger would have. */
export type MenuOpening = 'pointer' | 'keyboard' | null;

/** What the loaded menu gets besides its own props: its trigger (the same button) and how it was opened. */
export interface LoadedMenuProps {
  trigger: ReactElement;
  opening: MenuOpening;
}

type TriggerProps = {
  'aria-haspopup'?: 'menu' | 'dialog' | 'listbox';
  'aria-expanded'?: boolean;
  'data-state'?: 'closed';
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onPointerDown?: (event: PointerEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  onClick?: (event: MouseEvent) => void;
};

/**
 * A dropdown menu, a popover or a select (Radix) whose code downloads the first time it is wanted, not
 * with the page: its trigger is drawn at once as the same button Radix's trigger renders while closed,
 * the download starts when the pointer comes over it or it takes focus, and a press opens the menu once
 * it is here (the same keys and button as Radix's trigger). The menu library (about 30 kB gzip: menu, popper, focus scope) stays off the
 * first load of every page that has a menu in its header. Once downloaded, later mounts draw the menu itself.
 */
export function lazyMenu<Props extends object>(
  load: () => Promise<ComponentType<Props & LoadedMenuProps>>,
  /**
   * 'dialog' for a popover (Radix Popover): its trigger says so, and opens on a click (which a key press
   * on a button makes too), as Radix's popover trigger does; the popover then takes focus itself.
   * 'listbox' for a select (Radix Select), which ArrowUp opens as well.
   */
  popup: 'menu' | 'dialog' | 'listbox' = 'menu',
): ComponentType<Props & { trigger: ReactElement }> {
  let loaded: ComponentType<Props & LoadedMenuProps> | undefined;
  let loading: Promise<ComponentType<Props & LoadedMenuProps>> | undefined;
  const fetchMenu = () => {
    loading ??= importWithRetry(load).then(
      (Menu) => {
        loaded = Menu;
        return Menu;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  function LazyMenu({ trigger, ...props }: Props & { trigger: ReactElement }) {
    const [Menu, setMenu] = useState(() => loaded);
    const [opening, setOpening] = useState<MenuOpening>(null);
    if (Menu) return <Menu {...(props as Props)} trigger={trigger} opening={opening} />;

    const prefetch = () => void fetchMenu().catch(() => {});
    const open = (how: Exclude<MenuOpening, null>) => {
      setOpening(how);
      fetchMenu().then(
        (Loaded) => setMenu(() => Loaded),
        (error: unknown) => {
          setOpening(null);
          toast.error('The menu could not be opened', {
            description: error instanceof Error ? error.message : undefined,
          });
        },
      );
    };
    const closed: TriggerProps = {
      'aria-haspopup': popup,
      'aria-expanded': false,
      'data-state': 'closed',
      onPointerEnter: prefetch,
      onFocus: prefetch,
    };
    if (popup === 'dialog') {
      return cloneElement(trigger as ReactElement<TriggerProps>, { ...closed, onClick: () => open('pointer') });
    }
    return cloneElement(trigger as ReactElement<TriggerProps>, {
      ...closed,
      onPointerDown: (event) => {
        // As Radix's trigger: the main button without Ctrl, and the trigger does not take focus from the menu.
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        open('pointer');
      },
      onKeyDown: (event) => {
        const opens = event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown';
        if (!opens && !(popup === 'listbox' && event.key === 'ArrowUp')) return;
        event.preventDefault();
        open('keyboard');
      },
      // A click without a pointer press before it: the page's loader replaying a press made before the
      // code had arrived (page-html.ts), or a screen reader activating the button. Radix's trigger opens
      // on the press alone and would leave this click without an answer. A real press's click (detail 1
      // and up) was answered by its pointerdown; a key's by its keydown, which also cancels its click.
      onClick: (event) => {
        if (event.detail === 0) open('keyboard');
      },
    });
  }
  return LazyMenu;
}

/**
 * For the loaded menu's content (its `onFocus`): opened from the keyboard before its code was here, its
 * first item takes focus, as when Radix's trigger is pressed with a key (Radix, mounted after that key,
 * focuses the content itself). Only the first opening: Radix follows the keyboard itself from then on.
 */
export function useFirstOpenFocus(opening: MenuOpening) {
  const first = useRef(opening);
  return (event: FocusEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    const keyboard = first.current === 'keyboard';
    first.current = null;
    if (keyboard) {
      event.currentTarget
        .querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')
        ?.focus({ preventScroll: true });
    }
  };
}
