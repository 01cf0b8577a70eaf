import { useEffect } from 'react';
import { toast } from './toast.ts';

/** Shows the spec's failure toast once when a query fails (the page also says so in place). */
export function useErrorToast(error: unknown, message: string) {
  useEffect(() => {
    if (error) toast.error(message, { id: message });
  }, [error, message]);
}
