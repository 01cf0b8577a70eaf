import { Toaster as Sonner } from 'sonner';

/** The one toaster: 4000 ms, at most 3 visible (spec section 9). */
export function Toaster() {
  return <Sonner position="top-center" duration={4000} visibleToasts={3} richColors closeButton />;
}
