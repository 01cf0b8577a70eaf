import type { AdminRitual } from '@lunara/shared/content-studio';
import { MOON_PHASES } from '@lunara/shared/moon';
import type { MoonPhaseKey } from '@lunara/shared/rituals';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useRemoveRitualTemplate, useRitualTemplates } from '../api/ritual-templates.ts';
import { useEditSession } from '../hooks/use-edit-session.ts';
import { EditDialog } from './ritual-category-edit-dialog.tsx';
import { RitualTemplateForm } from './ritual-template-form.tsx';

type Editing = { ritual?: AdminRitual; phase: MoonPhaseKey };

const completionsText = (count: number) => (count === 1 ? '1 completion' : `${count} completions`);
const removalText = (count: number) =>
  count === 0
    ? 'Members will no longer be offered it. No one has completed it yet.'
    : `Members will no longer be offered it. The ${completionsText(count)} members made are kept in their history, with their points and streaks.`;

/** The ritual templates members are offered, by moon phase: add, edit, remove. */
export function RitualTemplatesManager() {
  const list = useRitualTemplates();
  const remove = useRemoveRitualTemplate();
  const { editing, setEditing, dirty, setDirty, close, reopen } = useEditSession<Editing>();
  useErrorToast(list.error, 'Failed to load the rituals');

  const rituals = list.data?.rituals ?? [];
  const categories = useMemo(() => [...new Set(rituals.map((ritual) => ritual.category))].sort(), [rituals]);

  function reload() {
    const ritualId = editing?.ritual?.id;
    const latest = list.refetch().then((fresh) => {
      const ritual = fresh.data?.rituals.find((candidate) => candidate.id === ritualId);
      return ritual ? { ritual, phase: ritual.moonPhase } : null;
    });
    return reopen(latest, 'This ritual was removed by another admin');
  }

  function removeRitual(ritual: AdminRitual) {
    remove.mutate(ritual.id, {
      onSuccess: () => toast.success(`“${ritual.title}” removed`),
      onError: (error) => toast.error('Failed to remove the ritual', { description: error.message }),
    });
  }

  if (list.isPending) return <Spinner className="text-gold-500" />;
  if (list.isError) return <LoadError message="Failed to load the rituals" query={list} />;

  return (
    <Card className="flex flex-col gap-5 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl text-night-900">Ritual templates</h2>
          <p className="text-sm text-ink-muted">Offered to every member on the Rituals page, by moon phase.</p>
        </div>
        <Button onClick={() => setEditing({ phase: 'new_moon' })}>
          <Plus className="size-4" aria-hidden="true" /> Add ritual
        </Button>
      </div>
      {MOON_PHASES.map((phase) => {
        const inPhase = rituals.filter((ritual) => ritual.moonPhase === phase.key);
        const headingId = `ritual-phase-${phase.key}`;
        return (
          <section key={phase.key} aria-labelledby={headingId} className="flex flex-col gap-1">
            <div className="flex items-center justify-between gap-2">
              <h3 id={headingId} className="font-display text-lg text-night-900">
                <span aria-hidden="true">{phase.emoji}</span> {phase.name}
              </h3>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Add a ${phase.name} ritual`}
                onClick={() => setEditing({ phase: phase.key })}
              >
                <Plus className="size-4" aria-hidden="true" />
              </Button>
            </div>
            {inPhase.length === 0 ? (
              <p className="text-sm text-ink-muted">No rituals for this phase yet.</p>
            ) : (
              <ul className="flex flex-col divide-y divide-line">
                {inPhase.map((ritual) => (
                  <li key={ritual.id} className="flex items-center gap-2 py-2 text-sm">
                    <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                      <span className="block font-semibold">{ritual.title}</span>
                      <span className="text-xs text-ink-muted">
                        {ritual.durationMinutes} min · {ritual.category} · {completionsText(ritual.completionCount)}
                      </span>
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Edit ${ritual.title}`}
                      onClick={() => setEditing({ ritual, phase: ritual.moonPhase })}
                    >
                      <Pencil className="size-4" aria-hidden="true" />
                    </Button>
                    <ConfirmButton
                      label={`Remove ${ritual.title}`}
                      title={`Remove “${ritual.title}”?`}
                      description={removalText(ritual.completionCount)}
                      confirmLabel="Remove ritual"
                      cancelLabel="Keep ritual"
                      onConfirm={() => removeRitual(ritual)}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </ConfirmButton>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      <EditDialog
        open={editing !== null}
        title={editing?.ritual ? 'Edit ritual' : 'New ritual'}
        isDirty={dirty}
        onClose={close}
      >
        {(requestClose) =>
          editing && (
            <RitualTemplateForm
              key={`${editing.ritual?.id ?? 'new'}-${editing.ritual?.version ?? 0}`}
              ritual={editing.ritual}
              defaultPhase={editing.phase}
              categories={categories}
              onSaved={close}
              onCancel={requestClose}
              onDirtyChange={setDirty}
              onReload={reload}
            />
          )
        }
      </EditDialog>
    </Card>
  );
}
