import { type DataExport, EXPORT_KEEP_DAYS } from '@lunara/shared/account-data';
import { formatBytes } from '@lunara/shared/media';
import { Download, FileArchive } from 'lucide-react';
import { LoadError } from '../../../components/load-error.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { useDataExport, useRequestDataExport } from '../api/account-data.ts';
import { SettingsSection } from './settings-section.tsx';

function ExportStatus({ latest }: { latest: DataExport }) {
  if (latest.status === 'pending') {
    return (
      <p className="flex items-start gap-2 text-sm text-ink" role="status">
        <Spinner className="shrink-0 text-gold-500" />
        We are preparing your export. We will let you know when it is ready; you can leave this page.
      </p>
    );
  }
  if (latest.status === 'failed') {
    return (
      <p className="text-sm text-danger" role="status">
        Your last export could not be prepared. Please ask for a new one.
      </p>
    );
  }
  if (!latest.downloadUrl || !latest.expiresAt) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-moon-50 p-4">
      <FileArchive className="size-6 shrink-0 text-rose-600" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-night-900">Your export is ready</p>
        <p className="text-xs text-ink-muted">
          {latest.byteSize !== null && `${formatBytes(latest.byteSize)} · `}
          Available until {formatLongDate(new Date(latest.expiresAt))}
        </p>
      </div>
      {/* A plain link: the browser downloads the zip (Content-Disposition: attachment). */}
      <a href={latest.downloadUrl} download className={buttonClasses('primary', 'sm')}>
        <Download className="size-4" aria-hidden="true" />
        Download zip
      </a>
    </div>
  );
}

/** "Export my data": ask for a zip, see it being prepared, download it for a week. */
export function DataExportSection() {
  const state = useDataExport();
  const request = useRequestDataExport();
  const submitOnce = useSubmitOnce();
  const latest = state.data?.latest ?? null;
  const pending = latest?.status === 'pending';
  const remaining = state.data?.remainingToday ?? 0;

  function ask() {
    const key = submitOnce.begin();
    if (!key) return;
    request.mutate(key, {
      onSuccess: () => {
        submitOnce.succeeded();
        toast.success('Your export is on its way', { description: 'We will let you know when it is ready.' });
      },
      onError: (error) => toast.error('We could not start your export', { description: error.message }),
      onSettled: () => submitOnce.settled(),
    });
  }

  return (
    <SettingsSection
      id="data-export-section"
      title="Export my data"
      description={`A zip of JSON files with your profile, posts, comments, forum topics and replies, messages, rituals and notes, course progress, points, billing history and more. Each export can be downloaded for ${EXPORT_KEEP_DAYS} days.`}
    >
      {state.isPending && <Spinner className="text-gold-500" />}
      {state.isError && <LoadError message="Could not load your exports" query={state} />}
      {state.data && (
        <div className="flex flex-col gap-4">
          {latest && <ExportStatus latest={latest} />}
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" disabled={pending || remaining === 0 || request.isPending} onClick={ask}>
              {request.isPending ? 'Asking…' : latest?.status === 'ready' ? 'Prepare a new export' : 'Export my data'}
            </Button>
            {!pending && (
              <p className="text-xs text-ink-muted">
                {remaining === 0
                  ? 'You have used today’s exports: you can ask again tomorrow.'
                  : `You can ask for ${remaining} more ${remaining === 1 ? 'export' : 'exports'} today.`}
              </p>
            )}
          </div>
        </div>
      )}
    </SettingsSection>
  );
}
