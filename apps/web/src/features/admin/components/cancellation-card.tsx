import { PAUSE_MONTHS_MAX } from '@lunara/shared/billing';
import { PauseCircle } from 'lucide-react';
import { useId } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCancellationSettings, useSaveCancellationSettings } from '../../billing/api/billing-history.ts';

/** The owner's "Offer a pause" when a member cancels, and the longest pause (audited; applies at once). */
export function CancellationCard() {
  const id = useId();
  const settings = useCancellationSettings();
  const save = useSaveCancellationSettings();
  const shown = save.isPending ? save.variables : settings.data;
  const onError = (error: Error) => toast.error('The setting was not saved', { description: error.message });
  return (
    <Card className="flex flex-col gap-3">
      <h3 className="flex items-center gap-2 text-xl text-night-900">
        <PauseCircle className="size-5 text-rose-600" aria-hidden="true" /> Cancellation
      </h3>
      {settings.isPending && <Spinner className="text-gold-500" />}
      {settings.isError && <LoadError message="Could not load the cancellation settings" query={settings} />}
      {shown && (
        <>
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={`${id}-pause`} className="flex flex-col gap-1">
              <span>Offer a pause</span>
              <span id={`${id}-hint`} className="text-sm font-normal text-ink-muted">
                Members who cancel are first offered to pause instead: no access and no charge, then the membership
                resumes by itself.
              </span>
            </Label>
            <Switch
              id={`${id}-pause`}
              aria-describedby={`${id}-hint`}
              checked={shown.pauseEnabled}
              disabled={save.isPending}
              onCheckedChange={(checked) =>
                save.mutate(
                  { ...shown, pauseEnabled: checked },
                  {
                    onSuccess: () => toast.success(checked ? 'Members can now pause' : 'Pausing is no longer offered'),
                    onError,
                  },
                )
              }
            />
          </div>
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={`${id}-months`}>Longest pause</Label>
            <select
              id={`${id}-months`}
              className="h-10 rounded-[var(--radius-control)] border border-line bg-white px-3 text-ink"
              value={shown.maxPauseMonths}
              disabled={save.isPending || !shown.pauseEnabled}
              onChange={(event) =>
                save.mutate(
                  { ...shown, maxPauseMonths: Number(event.target.value) },
                  { onSuccess: () => toast.success('Longest pause saved'), onError },
                )
              }
            >
              {Array.from({ length: PAUSE_MONTHS_MAX }, (_, i) => i + 1).map((months) => (
                <option key={months} value={months}>
                  {months} month{months === 1 ? '' : 's'}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
    </Card>
  );
}
