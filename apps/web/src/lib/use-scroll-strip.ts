import { type CSSProperties, type RefObject, useLayoutEffect, useState } from 'react';

// How far each fade reaches; the selected item is kept clear of it, so that it always reads whole.
const FADE_PX = 40;

const FADES = {
  none: undefined,
  before: `linear-gradient(to left, #000 calc(100% - ${FADE_PX}px), transparent)`,
  after: `linear-gradient(to right, #000 calc(100% - ${FADE_PX}px), transparent)`,
  both: `linear-gradient(to right, transparent, #000 ${FADE_PX}px, #000 calc(100% - ${FADE_PX}px), transparent)`,
} as const;
type HiddenSide = keyof typeof FADES;

function hiddenSide(strip: HTMLElement): HiddenSide {
  const before = strip.scrollLeft > 1;
  const after = strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1;
  if (before && after) return 'both';
  return before ? 'before' : after ? 'after' : 'none';
}

/** Scrolls the strip itself (never the page) until the selected item is whole and clear of the fades. */
function revealSelected(strip: HTMLElement, selector: string, behavior: ScrollBehavior) {
  const selected = strip.querySelector(selector);
  if (!selected) return;
  const edge = strip.getBoundingClientRect();
  const box = selected.getBoundingClientRect();
  const hiddenBefore = edge.left + FADE_PX - box.left;
  const hiddenAfter = box.right - (edge.right - FADE_PX);
  if (hiddenBefore > 0) strip.scrollBy({ left: -hiddenBefore, behavior });
  else if (hiddenAfter > 0) strip.scrollBy({ left: hiddenAfter, behavior });
}

/**
 * For a row that scrolls sideways on narrow screens (a tab strip): keeps the item matching `selected` in
 * view, at once on the first paint and smoothly when the selection changes (a click, the keyboard, the URL),
 * and returns the style that fades out each side where more is hidden, so that the row shows it scrolls.
 */
export function useScrollStrip(ref: RefObject<HTMLElement | null>, selected: string): CSSProperties {
  const [hidden, setHidden] = useState<HiddenSide>('none');
  useLayoutEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    const update = () => setHidden(hiddenSide(strip));
    const motion = () => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');
    revealSelected(strip, selected, 'auto');
    update();
    // Items change width too (a count, a badge), which changes what is hidden without resizing the strip.
    const resizes = new ResizeObserver(update);
    for (const box of [strip, ...strip.children]) resizes.observe(box);
    const selections = new MutationObserver(() => revealSelected(strip, selected, motion()));
    selections.observe(strip, { subtree: true, attributeFilter: ['data-state'] });
    strip.addEventListener('scroll', update, { passive: true });
    return () => {
      resizes.disconnect();
      selections.disconnect();
      strip.removeEventListener('scroll', update);
    };
  }, [ref, selected]);
  return { maskImage: FADES[hidden] };
}
