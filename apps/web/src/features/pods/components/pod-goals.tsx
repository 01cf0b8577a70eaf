import { goalBodySchema, POD_GOALS_MAX, type PodGoal } from '@lunara/shared/pods';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { useAddGoal, useDeleteGoal, useUpdateGoal } from '../api/pods.ts';

function GoalRow({ podId, goal, canEdit }: { podId: string; goal: PodGoal; canEdit: boolean }) {
  const id = useId();
  const update = useUpdateGoal();
  const remove = useDeleteGoal();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(goal.title);
  const [error, setError] = useState<string>();

  function rename(event: FormEvent) {
    event.preventDefault();
    const parsed = goalBodySchema.safeParse({ title });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    update.mutate(
      { podId, goalId: goal.id, change: { title: parsed.data.title } },
      { onSuccess: () => setEditing(false), onError: (failure) => setError(failure.message) },
    );
  }

  if (editing) {
    return (
      <li className="py-2">
        <form noValidate onSubmit={rename} className="flex flex-wrap items-center gap-2">
          <Label htmlFor={`${id}-title`} className="sr-only">
            Goal
          </Label>
          <Input
            id={`${id}-title`}
            value={title}
            maxLength={200}
            onChange={(event) => setTitle(event.target.value)}
            className="min-w-0 flex-1"
          />
          <Button type="submit" size="sm" disabled={update.isPending}>
            Save
          </Button>
          <Button size="sm" variant="outline" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
        <FieldError id={`${id}-error`} message={error} />
      </li>
    );
  }

  return (
    <li className="flex min-w-0 items-center gap-3 py-2">
      {/* The label around the box is what a finger hits: 44 px on a touch screen. */}
      <label className="inline-flex shrink-0 items-center justify-center pointer-coarse:size-11">
        <input
          type="checkbox"
          checked={goal.isDone}
          aria-label={goal.title}
          disabled={!canEdit || update.isPending}
          onChange={() =>
            update.mutate(
              { podId, goalId: goal.id, change: { isDone: !goal.isDone } },
              { onError: (failure) => toast.error(failure.message) },
            )
          }
          className="size-5 shrink-0 accent-gold-500 disabled:opacity-100"
        />
      </label>
      <span className={cn('min-w-0 flex-1 [overflow-wrap:anywhere]', goal.isDone && 'text-ink-muted line-through')}>
        {goal.title}
      </span>
      {canEdit && (
        <>
          <Button variant="ghost" size="sm" aria-label={`Rename ${goal.title}`} onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${goal.title}`}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate({ podId, goalId: goal.id }, { onError: (failure) => toast.error(failure.message) })
            }
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </>
      )}
    </li>
  );
}

/** The pod's shared goals: everyone in it reads them, the mentor (or an admin) edits them. */
export function PodGoals({ podId, goals, canEdit }: { podId: string; goals: PodGoal[]; canEdit: boolean }) {
  const id = useId();
  const add = useAddGoal();
  const submit = useSubmitOnce();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string>();
  const isFull = goals.length >= POD_GOALS_MAX;

  function handleAdd(event: FormEvent) {
    event.preventDefault();
    const parsed = goalBodySchema.safeParse({ title });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    const idempotencyKey = submit.begin();
    if (!idempotencyKey) return;
    setError(undefined);
    add.mutate(
      { podId, title: parsed.data.title, idempotencyKey },
      {
        onSettled: submit.settled,
        onSuccess: () => {
          submit.succeeded();
          setTitle('');
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  const done = goals.filter((goal) => goal.isDone).length;
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl text-night-900">Shared goals</h2>
        {goals.length > 0 && (
          <span className="text-xs text-ink-muted">
            {done} of {goals.length} done
          </span>
        )}
      </div>
      {goals.length === 0 ? (
        <p className="text-sm text-ink-muted">
          {canEdit ? 'No goals yet: add the first one below.' : 'Your mentor has not set any goals yet.'}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {goals.map((goal) => (
            <GoalRow key={goal.id} podId={podId} goal={goal} canEdit={canEdit} />
          ))}
        </ul>
      )}
      {canEdit && (
        <form noValidate onSubmit={handleAdd} className="flex flex-col gap-2">
          <Label htmlFor={`${id}-new`}>New goal</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-new`}
              value={title}
              maxLength={200}
              disabled={isFull}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setTitle(event.target.value)}
              className="min-w-0 flex-1"
            />
            <Button type="submit" disabled={add.isPending || isFull}>
              <Plus className="size-4" aria-hidden="true" /> Add
            </Button>
          </div>
          {isFull && <p className="text-xs text-ink-muted">A pod has at most {POD_GOALS_MAX} goals.</p>}
          <FieldError id={`${id}-error`} message={error} />
        </form>
      )}
    </Card>
  );
}
