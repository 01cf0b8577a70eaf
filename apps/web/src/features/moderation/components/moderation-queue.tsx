import { HIDE_THRESHOLD_MAX, moderationSettingsSchema } from '@lunara/shared/moderation';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { useModerationCases, useModerationSettings, useSaveModerationSettings } from '../api/reports.ts';
import { CaseCard } from './case-card.tsx';

/** The open reports, oldest first, and (for admins) how many members' reports hide content. */
export function ModerationQueue({ isAdmin }: { isAdmin: boolean }) {
  const cases = useModerationCases();
  const items = cases.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl text-night-900 sm:text-4xl">Moderation</h1>
        <p className="text-ink-muted">
          Reports from members, oldest first. Reporters hear the outcome, never who acted.
        </p>
      </header>
      {isAdmin && <HideThresholdSetting />}
      {cases.isPending && <Spinner className="text-gold-500" />}
      {cases.isError && <LoadError message="Failed to load reports" query={cases} />}
      {cases.isSuccess && items.length === 0 && (
        <p className="rounded-[var(--radius-card)] border border-line bg-white p-6 text-center text-ink-muted">
          No open reports. All is calm.
        </p>
      )}
      <ul className="flex flex-col gap-4">
        {items.map((item) => (
          <li key={item.id}>
            <CaseCard item={item} isAdmin={isAdmin} />
          </li>
        ))}
      </ul>
      <LoadMoreButton query={cases} label="Show more reports" />
    </div>
  );
}

function HideThresholdSetting() {
  const id = useId();
  const settings = useModerationSettings();
  const save = useSaveModerationSettings();
  const [draft, setDraft] = useState<string>();
  const [error, setError] = useState<string>();
  const value = draft ?? (settings.data ? String(settings.data.hideThreshold) : '');

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = moderationSettingsSchema.safeParse({ hideThreshold: Number(value) });
    if (!value || !parsed.success) return setError(parsed.error?.issues[0]?.message ?? 'Choose a number of members');
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setDraft(undefined);
        toast.success(`Saved: content is hidden after ${saved.hideThreshold} members report it`);
      },
      onError: (failure) => setError(failure.message),
    });
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="flex flex-wrap items-end gap-3 rounded-[var(--radius-card)] border border-line bg-white p-4"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-threshold`}>Hide content after this many members report it</Label>
        <div className="w-28">
          <Input
            id={`${id}-threshold`}
            type="number"
            inputMode="numeric"
            min={1}
            max={HIDE_THRESHOLD_MAX}
            value={value}
            disabled={settings.isPending}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
      </div>
      <Button type="submit" variant="outline" disabled={save.isPending || settings.isPending}>
        {save.isPending ? 'Saving...' : 'Save'}
      </Button>
      <FieldError id={`${id}-error`} message={error} />
    </form>
  );
}
