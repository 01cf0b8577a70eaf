import {
  ASSESSMENT_LIMITS,
  PATHWAY_ITEM_KINDS,
  type PathwayItem,
  type PathwayItemKind,
} from '@lunara/shared/assessment';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { type ItemTargets, newItem } from './item-targets.ts';
import { NativeSelect } from './native-select.tsx';

const KIND_OPTIONS = PATHWAY_ITEM_KINDS.map((kind) => ({
  value: kind,
  label: { course: 'Course', lesson: 'Lesson', circle: 'Circle', ritual: 'Ritual' }[kind],
}));

/** What an item points at: a course, a lesson (of a course), a circle or a ritual template. */
function TargetPicker({
  item,
  targets,
  onChange,
  labelId,
}: {
  item: PathwayItem;
  targets: ItemTargets;
  onChange: (item: PathwayItem) => void;
  labelId: string;
}) {
  if (item.kind === 'course' || item.kind === 'lesson') {
    const lessons = item.kind === 'lesson' ? targets.lessonOptions.get(item.courseId) : undefined;
    return (
      <div className="grid gap-2 sm:grid-cols-2">
        <NativeSelect
          aria-label="Course"
          value={String(item.courseId)}
          options={targets.courseOptions}
          onValueChange={(value) =>
            onChange(
              item.kind === 'lesson'
                ? { ...item, courseId: Number(value), lessonId: '' }
                : { ...item, courseId: Number(value) },
            )
          }
        />
        {item.kind === 'lesson' &&
          (lessons && lessons.length > 0 ? (
            <NativeSelect
              aria-label="Lesson"
              value={item.lessonId}
              placeholder="Choose a lesson"
              options={lessons}
              onValueChange={(lessonId) => onChange({ ...item, lessonId })}
            />
          ) : (
            <p className="self-center text-sm text-ink-muted" id={`${labelId}-lessons`}>
              {lessons ? 'This course has no lessons yet' : 'Loading lessons...'}
            </p>
          ))}
      </div>
    );
  }
  if (item.kind === 'circle') {
    return (
      <NativeSelect
        aria-label="Circle"
        value={item.circleId}
        options={targets.circleOptions}
        onValueChange={(circleId) => onChange({ ...item, circleId })}
      />
    );
  }
  return (
    <NativeSelect
      aria-label="Ritual"
      value={item.ritualId}
      options={targets.ritualOptions}
      onValueChange={(ritualId) => onChange({ ...item, ritualId })}
    />
  );
}

function ItemRow({
  item,
  index,
  targets,
  onChange,
  onRemove,
}: {
  item: PathwayItem;
  index: number;
  targets: ItemTargets;
  onChange: (item: PathwayItem) => void;
  onRemove: () => void;
}) {
  const id = useId();
  return (
    <li className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-line bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={id} className="text-sm font-semibold text-ink">
          Item {index + 1}
        </p>
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove item ${index + 1}`}>
          <Trash2 className="size-4" aria-hidden="true" /> Remove
        </Button>
      </div>
      <div className="grid gap-2 sm:grid-cols-[10rem_1fr]">
        <NativeSelect
          aria-label={`Kind of item ${index + 1}`}
          value={item.kind}
          options={KIND_OPTIONS}
          onValueChange={(kind) => {
            const replaced = newItem(kind as PathwayItemKind, targets, item.id);
            if (replaced) onChange({ ...replaced, reason: item.reason });
          }}
        />
        <TargetPicker item={item} targets={targets} onChange={onChange} labelId={id} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-reason`}>Why it is on her pathway</Label>
        <Input
          id={`${id}-reason`}
          value={item.reason}
          maxLength={ASSESSMENT_LIMITS.reasonMax}
          onChange={(event) => onChange({ ...item, reason: event.target.value })}
        />
      </div>
    </li>
  );
}

/** The things a pathway can hold, each with the reason she is shown. Answers point at them by weight. */
export function PathwayItemsEditor({
  items,
  targets,
  onChange,
}: {
  items: PathwayItem[];
  targets: ItemTargets;
  onChange: (items: PathwayItem[]) => void;
}) {
  const add = () => {
    const item = newItem('course', targets);
    if (item) onChange([...items, item]);
  };
  return (
    <section aria-labelledby="pathway-items-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="pathway-items-heading" className="text-2xl text-night-900">
          Pathway items
        </h2>
        <p className="text-sm text-ink-muted">
          A pathway holds up to 3 courses (each with up to 3 of its lessons), 2 circles and 3 rituals: those her answers
          point at most. Only published courses and open circles are shown to her.
        </p>
      </div>
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => (
          <ItemRow
            key={item.id}
            item={item}
            index={index}
            targets={targets}
            onChange={(changed) => onChange(items.map((candidate) => (candidate.id === item.id ? changed : candidate)))}
            onRemove={() => onChange(items.filter((candidate) => candidate.id !== item.id))}
          />
        ))}
      </ol>
      <Button
        variant="outline"
        className="self-start"
        onClick={add}
        disabled={items.length >= ASSESSMENT_LIMITS.itemsMax || targets.courseOptions.length === 0}
      >
        <Plus className="size-4" aria-hidden="true" /> Add item
      </Button>
    </section>
  );
}
