import { useId } from 'react';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../lib/toast.ts';
import { SettingsSection } from '../../account/components/settings-section.tsx';
import { usePreferences, useUpdatePreferences } from '../../notifications/api/notifications.ts';

/**
 * /settings: the owner's announcements by email. The unsubscribe link in those emails turns this off;
 * here she turns it back on (the same switch as in Notification Preferences).
 */
export function AnnouncementEmailsSection() {
  const id = useId();
  const preferences = usePreferences(true);
  const update = useUpdatePreferences();
  return (
    <SettingsSection
      id="announcement-emails"
      title="Announcements"
      description="Announcements from the team are always pinned in the community feed. Choose whether they also reach you by email."
    >
      {preferences.isPending && <Spinner className="text-gold-500" />}
      {preferences.data && (
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor={`${id}-announcements`}>Announcements by email</Label>
            <Switch
              id={`${id}-announcements`}
              checked={preferences.data.announcementEmails}
              disabled={update.isPending}
              onCheckedChange={(checked) =>
                update.mutate(
                  { announcementEmails: checked },
                  {
                    onSuccess: () =>
                      toast.success(checked ? 'Announcement emails are on' : 'Announcement emails are off'),
                    onError: (error) => toast.error('Not changed', { description: error.message }),
                  },
                )
              }
            />
          </div>
          {!preferences.data.emailEnabled && (
            <p className="text-sm text-ink-muted">
              Email Notifications are off in your notification preferences, so no announcement is emailed to you.
            </p>
          )}
        </div>
      )}
    </SettingsSection>
  );
}
