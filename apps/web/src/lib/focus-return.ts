/** The controls that opened the layers around `element`: each one whose aria-controls names a layer. */
function layerTriggersOf(element: Element): HTMLElement[] {
  const triggers: HTMLElement[] = [];
  for (let layer = element.parentElement; layer; layer = layer.parentElement) {
    if (!layer.id) continue;
    const trigger = document.querySelector(`[aria-controls="${CSS.escape(layer.id)}"]`);
    if (trigger instanceof HTMLElement) triggers.push(trigger);
  }
  return triggers;
}

// The layers are noted as an element takes focus: by the time a dialog opens from a popover, the popover's
// button has already dropped its aria-controls (the popover is closing), though its content is still there.
let lastFocused: { element: Element; triggers: HTMLElement[] } | undefined;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof Element)
        lastFocused = { element: event.target, triggers: layerTriggersOf(event.target) };
    },
    true,
  );
}

/**
 * Where focus goes back to when a dialog closes, best first: the control that opened it and, for when
 * that control is gone by then (it sat in a popover or a menu that closed as the dialog opened, or in a
 * tab panel that changed), the control that opened each layer around it, the one whose aria-controls
 * names that layer (as popover, menu and tab buttons do).
 */
export function focusReturnTargets(opener: Element | null): HTMLElement[] {
  if (!(opener instanceof HTMLElement) || opener === document.body) return [];
  return [opener, ...(lastFocused?.element === opener ? lastFocused.triggers : layerTriggersOf(opener))];
}

/** Focuses the first of `targets` still on the page; false when none is. */
export function returnFocus(targets: readonly HTMLElement[]): boolean {
  const target = targets.find((element) => element.isConnected);
  target?.focus();
  return target !== undefined;
}
