import { KeyboardSensor, MouseSensor, TouchSensor, useSensor, useSensors } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/**
 * Mouse (a few pixels of movement before a drag, so a click on the handle stays a click), touch
 * (a short press, so a swipe across the handle still scrolls) and the keyboard.
 */
export function useSortableSensors() {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

export const DRAG_INSTRUCTIONS =
  'To pick up an item, focus its handle and press Space or Enter. Move it with the arrow keys, press Space or Enter again to drop it, or Escape to cancel.';
