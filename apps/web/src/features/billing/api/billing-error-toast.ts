import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

/** The spec's billing notices: "Please login first" when the session is gone, else the action's own. */
export function showBillingError(error: Error, notice: { action: string; title: string; description: string }) {
  if (error instanceof ApiError && error.status === 401) {
    toast.error('Please login first', { description: `You need to be logged in to ${notice.action}.` });
    return;
  }
  toast.error(notice.title, { description: notice.description });
}
