import type { NotificationPreferences as Preferences } from '@lunara/shared/notifications';
import { useId } from 'react';
import { DialogContent } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../lib/toast.ts';
import { usePreferences, useUpdatePreferences } from '../api/notifications.ts';
import { PushSwitch } from './push-switch.tsx';

const GROUPS: Array<[string, Array<[keyof Preferences, string]>]> = [
  [
    'General Settings',
    [
      ['emailEnabled', 'Email Notifications'],
      ['announcementEmails', 'Announcements by email'],
      ['pushEnabled', 'Push Notifications'],
    ],
  ],
  [
    'Notification Types',
    [
      ['messageNotifications', 'Messages'],
      ['eventNotifications', 'Events'],
      ['circleNotifications', 'Sacred Circles'],
      ['forumNotifications', 'Forums'],
      ['mentionNotifications', 'Mentions'],
    ],
  ],
];

/** "Notification Preferences": each switch saves at once, with the spec's toasts. */
export function NotificationPreferencesDialog() {
  const id = useId();
  const preferences = usePreferences(true);
  const update = useUpdatePreferences();
  return (
    <DialogContent title="Notification Preferences" description="Choose what reaches you and how.">
      {preferences.isPending && <Spinner className="text-gold-500" />}
      {preferences.data && (
        <div className="flex flex-col gap-5">
          {GROUPS.map(([title, switches]) => (
            <fieldset key={title} className="flex flex-col gap-3">
              <legend className="mb-1 font-display text-lg text-night-900">{title}</legend>
              {switches.map(([key, label]) =>
                key === 'pushEnabled' ? (
                  <PushSwitch key={key} pushEnabled={preferences.data.pushEnabled} />
                ) : (
                  <div key={key} className="flex items-center justify-between gap-3">
                    <Label htmlFor={`${id}-${key}`}>{label}</Label>
                    <Switch
                      id={`${id}-${key}`}
                      checked={preferences.data[key]}
                      disabled={update.isPending}
                      onCheckedChange={(checked) =>
                        update.mutate(
                          { [key]: checked },
                          {
                            onSuccess: () =>
                              toast.success('Success', { description: 'Notification preferences updated' }),
                            onError: () =>
                              toast.error('Error', { description: 'Failed to update notification preferences' }),
                          },
                        )
                      }
                    />
                  </div>
                ),
              )}
            </fieldset>
          ))}
        </div>
      )}
    </DialogContent>
  );
}
