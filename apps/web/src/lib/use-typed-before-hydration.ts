import { type ChangeEvent, useCallback, useLayoutEffect, useRef } from 'react';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * On a page the server drew, a field takes her typing before the app has taken the page over; React
 * then hydrates it with the text it drew (its state: empty) and would reset the field to that at its
 * next update. As the field is first committed (a layout effect: before any later update) this hands
 * the field's text to its state through `onText` when the two differ. A field drawn in the browser
 * always starts equal, and nothing happens. Returns the ref to put on the field.
 */
export function useTypedBeforeHydration<T extends TextField>(
  value: unknown,
  onText: ((text: string, field: T) => void) | undefined,
) {
  const field = useRef<T | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the field is first drawn; later its text is React's.
  useLayoutEffect(() => {
    const element = field.current;
    if (!element || !onText || typeof value !== 'string' || element.value === value) return;
    if (element instanceof HTMLInputElement && /^(checkbox|radio|file)$/.test(element.type)) return;
    onText(element.value, element);
  }, []);
  return useCallback((element: T | null) => {
    field.current = element;
  }, []);
}

/** The same for a field whose owner listens with an `onChange` event handler (ui/input.tsx, ui/textarea.tsx). */
export function useTypedBeforeHydrationEvent<T extends TextField>(
  value: unknown,
  onChange: ((event: ChangeEvent<T>) => void) | undefined,
) {
  return useTypedBeforeHydration<T>(
    value,
    onChange && ((_, field) => onChange({ target: field, currentTarget: field } as ChangeEvent<T>)),
  );
}
