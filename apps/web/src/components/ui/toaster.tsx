import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { useThemeChoice } from '../../lib/theme-store.ts';
import { toasterReady } from '../../lib/toast.ts';

/** The one toaster: 4000 ms, at most 3 visible (spec section 9). Loaded with the first toast. */
export default function Toaster() {
  // Runs after Sonner's own effects, so it is listening by now.
  useEffect(() => toasterReady(), []);
  const theme = useThemeChoice();
  // Below the sticky header (about 65 px, and a notched phone's status bar), so a toast never covers the
  // navigation; on a phone lying on its side, clear of the notch too.
  return (
    <Sonner
      position="top-center"
      offset={{ top: 'calc(84px + env(safe-area-inset-top))' }}
      mobileOffset={{
        top: 'calc(76px + env(safe-area-inset-top))',
        left: 'calc(16px + env(safe-area-inset-left))',
        right: 'calc(16px + env(safe-area-inset-right))',
      }}
      duration={4000}
      visibleToasts={3}
      theme={theme}
      richColors
      closeButton
      // A printed page (a bath recipe) carries no passing message.
      className="print:hidden"
    />
  );
}
