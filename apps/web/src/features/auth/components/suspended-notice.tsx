import { ACCOUNT_SUSPENDED_CODE } from '@lunara/shared/suspensions';
import { ApiError } from '../../../lib/api-client.ts';

/** The server's "Your account is suspended until <date>: <reason>" when a sign-in was refused for it. */
export function suspensionMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.code === ACCOUNT_SUSPENDED_CODE ? error.message : undefined;
}

/**
 * Shown on the sign-in form, not as a toast: she needs time to read the reason and the end date, and it
 * stays until she tries again. The server gives the date in her own time zone.
 */
export function SuspendedNotice({ message }: { message: string }) {
  return (
    <div role="alert" className="mb-5 rounded-[var(--radius-control)] border border-danger/40 bg-danger/5 p-4 text-ink">
      <p className="font-semibold text-danger">You cannot sign in right now</p>
      <p className="mt-1 [overflow-wrap:anywhere] whitespace-pre-line">{message}</p>
    </div>
  );
}
