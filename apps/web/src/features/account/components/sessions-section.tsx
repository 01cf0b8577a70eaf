import type { AccountSession } from '@lunara/shared/account-settings';
import { Monitor } from 'lucide-react';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useAccountSessions, useRevokeOtherSessions, useRevokeSession } from '../api/account-settings.ts';
import { SettingsSection } from './settings-section.tsx';

const deviceName = (session: AccountSession) => session.device ?? 'Unknown device';

/** Where she is signed in, this device first; sign out one other device, or all of them. */
export function SessionsSection() {
  const sessions = useAccountSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const items = [...(sessions.data?.items ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = items.filter((session) => !session.current);

  return (
    <SettingsSection
      id="sessions-section"
      title="Where you're signed in"
      description="If you see a device you don't recognise, sign it out and change your password."
    >
      {sessions.isPending && <Spinner className="text-gold-500" />}
      {sessions.isError && <LoadError message="Could not load your devices" query={sessions} />}
      {sessions.data && (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col divide-y divide-line" aria-label="Signed-in devices">
            {items.map((session) => {
              const signingOut = revoke.isPending && revoke.variables === session.id;
              return (
                <li key={session.id} className="flex flex-wrap items-center gap-3 py-3">
                  <Monitor className="size-5 shrink-0 text-rose-600" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-night-900">
                      {deviceName(session)}
                      {session.current && <span className="ml-2 text-sm font-normal text-success">This device</span>}
                    </p>
                    <p className="text-xs text-ink-muted">
                      Signed in on {formatLongDate(new Date(session.createdAt))} · Last active{' '}
                      {relativeTime(session.lastActiveAt)}
                      {session.approximateAddress && ` · Network ${session.approximateAddress}`}
                    </p>
                  </div>
                  {!session.current && (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Sign out ${deviceName(session)}, signed in on ${formatLongDate(new Date(session.createdAt))}`}
                      disabled={signingOut}
                      onClick={() =>
                        revoke.mutate(session.id, {
                          onSuccess: () => toast.success(`${deviceName(session)} is signed out`),
                          onError: (error) =>
                            toast.error('That device was not signed out', { description: error.message }),
                        })
                      }
                    >
                      {signingOut ? 'Signing out...' : 'Sign out'}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {others.length === 0 ? (
            <p className="text-sm text-ink-muted">You are signed in on this device only.</p>
          ) : (
            <Button
              variant="outline"
              className="self-start"
              disabled={revokeOthers.isPending}
              onClick={() =>
                revokeOthers.mutate(undefined, {
                  onSuccess: () => toast.success('Your other devices are signed out'),
                  onError: (error) =>
                    toast.error('Your other devices were not signed out', { description: error.message }),
                })
              }
            >
              {revokeOthers.isPending ? 'Signing out...' : 'Sign out all other devices'}
            </Button>
          )}
        </div>
      )}
    </SettingsSection>
  );
}
