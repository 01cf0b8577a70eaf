import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { toasterReady } from '../../lib/toast.ts';

/** The one toaster: 4000 ms, at most 3 visible (spec section 9). Loaded with the first toast. */
export default function Toaster() {
  // Runs after Sonner's own effects, so it is listening by now.
  useEffect(() => toasterReady(), []);
  // Below the sticky header (about 65 px), so a toast never covers the navigation.
  return (
    <Sonner
      position="top-center"
      offset={{ top: 84 }}
      mobileOffset={{ top: 76 }}
      duration={4000}
      visibleToasts={3}
      richColors
      closeButton
      // A printed page (a bath recipe) carries no passing message.
      className="print:hidden"
    />
  );
}
