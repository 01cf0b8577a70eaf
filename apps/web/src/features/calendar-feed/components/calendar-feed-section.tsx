import { CalendarPlus, Copy } from 'lucide-react';
import { useId } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatLongDate } from '../../../lib/format-date.ts';
import { toast } from '../../../lib/toast.ts';
import { SettingsSection } from '../../account/components/settings-section.tsx';
import { useCalendarFeed, useCreateCalendarFeed, useDeleteCalendarFeed } from '../api/calendar-feed.ts';

function copyLink(text: string) {
  navigator.clipboard.writeText(text).then(
    () => toast.success('Calendar link copied'),
    () => toast.error('Could not copy', { description: 'Select the link and copy it yourself.' }),
  );
}

/** One address, read-only and selectable, with its Copy button. */
function LinkField({ label, value, hint }: { label: string; value: string; hint: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap gap-2 sm:flex-nowrap">
        <Input
          id={id}
          readOnly
          value={value}
          aria-describedby={`${id}-hint`}
          className="min-w-0 flex-1 font-mono text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="outline" onClick={() => copyLink(value)} aria-label={`Copy ${label.toLowerCase()}`}>
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        {hint}
      </p>
    </div>
  );
}

/**
 * Settings: her private calendar subscription (the events she is going to or may attend). The server keeps
 * only a hash of the link, so the link shows right after she turns it on or resets it, never again.
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const remove = useDeleteCalendarFeed();
  const busy = create.isPending || remove.isPending;
  // The feed is the community's (members and staff): an account without a membership has no events in it.
  if (feed.error instanceof ApiError && feed.error.status === 403) return null;

  const makeLink = (reset: boolean) =>
    create.mutate(undefined, {
      onSuccess: () =>
        toast.success(reset ? 'New calendar link made: the old one no longer works' : 'Calendar feed on'),
      onError: (error) => toast.error('The calendar link was not made', { description: error.message }),
    });

  return (
    <SettingsSection
      id="calendar-feed-section"
      title="Your calendar"
      description="Subscribe from Apple Calendar, Google Calendar or Outlook and the events you are going to (or may go to) appear there, updated when they change. The link is private: anyone who has it sees your events."
    >
      {feed.isPending && <Spinner className="text-gold-500" />}
      {feed.isError && !(feed.error instanceof ApiError && feed.error.status === 403) && (
        <LoadError message="Could not load your calendar feed" query={feed} />
      )}
      {feed.data && !feed.data.enabled && (
        <Button disabled={busy} onClick={() => makeLink(false)}>
          <CalendarPlus className="size-4" aria-hidden="true" />
          {create.isPending ? 'Turning on...' : 'Turn on calendar feed'}
        </Button>
      )}
      {feed.data?.enabled && (
        <div className="flex flex-col gap-4">
          {feed.data.httpsUrl && feed.data.webcalUrl ? (
            <>
              <p className="text-sm text-ink" role="status">
                Copy your link now: for your privacy we keep only a fingerprint of it, so it is shown this once.
              </p>
              <a className={cn(buttonClasses('primary'), 'self-start')} href={feed.data.webcalUrl}>
                <CalendarPlus className="size-4" aria-hidden="true" />
                Subscribe in your calendar app
              </a>
              <LinkField
                label="Subscription link (webcal)"
                value={feed.data.webcalUrl}
                hint="Apple Calendar and Outlook open this one as a subscription."
              />
              <LinkField
                label="Subscription link (https)"
                value={feed.data.httpsUrl}
                hint="For Google Calendar: Other calendars, From URL, and paste it."
              />
            </>
          ) : (
            <p className="text-sm text-ink">
              Your calendar feed is on
              {feed.data.createdAt && ` (link made on ${formatLongDate(new Date(feed.data.createdAt))})`}. Lost the
              link? Reset it to get a new one.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" disabled={busy} onClick={() => makeLink(true)}>
              {create.isPending ? 'Resetting...' : 'Reset link'}
            </Button>
            <Button
              variant="outline"
              disabled={busy}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast.success('Calendar feed off: the link no longer works'),
                  onError: (error) => toast.error('The calendar feed is still on', { description: error.message }),
                })
              }
            >
              {remove.isPending ? 'Turning off...' : 'Turn off'}
            </Button>
          </div>
          <p className="text-xs text-ink-muted">Reset link and Turn off stop the current link at once.</p>
        </div>
      )}
    </SettingsSection>
  );
}
