import {
  ASSESSMENT_LIMITS,
  type AssessmentOption,
  type AssessmentQuestion,
  type PathwayItem,
} from '@lunara/shared/assessment';
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { memo, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import type { ItemTargets } from './item-targets.ts';
import { NativeSelect } from './native-select.tsx';

const replaceAt = <T,>(list: T[], index: number, value: T) => list.map((entry, at) => (at === index ? value : entry));
const move = <T,>(list: T[], from: number, to: number) => {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
};

/** One answer: its label and the items it points at, each with a weight (negative points away). */
function OptionEditor({
  option,
  label,
  items,
  targets,
  canRemove,
  onChange,
  onRemove,
}: {
  option: AssessmentOption;
  label: string;
  items: PathwayItem[];
  targets: ItemTargets;
  canRemove: boolean;
  onChange: (option: AssessmentOption) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const itemOptions = items.map((item) => ({ value: item.id, label: targets.nameOf(item) }));
  const unpointed = items.find((item) => !option.weights.some((weight) => weight.itemId === item.id));
  return (
    <li className="flex flex-col gap-2 rounded-[var(--radius-control)] bg-moon-100 p-3">
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-label`}>{label}</Label>
          <Input
            id={`${id}-label`}
            value={option.label}
            maxLength={ASSESSMENT_LIMITS.labelMax}
            onChange={(event) => onChange({ ...option, label: event.target.value })}
          />
        </div>
        <Button variant="ghost" size="sm" disabled={!canRemove} onClick={onRemove} aria-label={`Remove ${label}`}>
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <ul className="flex flex-col gap-2" aria-label={`Items ${label} points at`}>
        {option.weights.map((weight, index) => (
          <li key={weight.itemId} className="grid grid-cols-[1fr_5.5rem_auto] items-center gap-2">
            <NativeSelect
              aria-label={`Item ${index + 1} of ${label}`}
              value={weight.itemId}
              options={itemOptions.filter(
                (candidate) =>
                  candidate.value === weight.itemId ||
                  !option.weights.some((other) => other.itemId === candidate.value),
              )}
              onValueChange={(itemId) =>
                onChange({ ...option, weights: replaceAt(option.weights, index, { ...weight, itemId }) })
              }
            />
            <Input
              type="number"
              inputMode="numeric"
              aria-label={`Weight of item ${index + 1} of ${label}`}
              min={ASSESSMENT_LIMITS.weightMin}
              max={ASSESSMENT_LIMITS.weightMax}
              step={1}
              value={Number.isNaN(weight.weight) ? '' : weight.weight}
              onChange={(event) =>
                onChange({
                  ...option,
                  weights: replaceAt(option.weights, index, { ...weight, weight: event.target.valueAsNumber }),
                })
              }
            />
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Stop ${label} pointing at item ${index + 1}`}
              onClick={() => onChange({ ...option, weights: option.weights.filter((_, at) => at !== index) })}
            >
              <X className="size-4" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        disabled={!unpointed || option.weights.length >= ASSESSMENT_LIMITS.weightsPerOption}
        onClick={() =>
          unpointed && onChange({ ...option, weights: [...option.weights, { itemId: unpointed.id, weight: 1 }] })
        }
      >
        <Plus className="size-4" aria-hidden="true" /> Point at an item
      </Button>
    </li>
  );
}

type QuestionsUpdate = (update: (questions: AssessmentQuestion[]) => AssessmentQuestion[]) => void;

/** Memoised: typing in one question re-renders that question alone (the editor holds hundreds of fields). */
const QuestionCard = memo(function QuestionCard({
  question,
  index,
  count,
  items,
  targets,
  update,
}: {
  question: AssessmentQuestion;
  index: number;
  count: number;
  items: PathwayItem[];
  targets: ItemTargets;
  update: QuestionsUpdate;
}) {
  const id = useId();
  const onChange = (changed: AssessmentQuestion) => update((questions) => replaceAt(questions, index, changed));
  const onMove = (to: number) => update((questions) => move(questions, index, to));
  const onRemove = () => update((questions) => questions.filter((_, at) => at !== index));
  const name = `Question ${index + 1}`;
  return (
    <li className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg text-night-900">{name}</h3>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
            aria-label={`Move ${name} up`}
          >
            <ArrowUp className="size-4" aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
            aria-label={`Move ${name} down`}
          >
            <ArrowDown className="size-4" aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={count <= ASSESSMENT_LIMITS.questionsMin}
            onClick={onRemove}
            aria-label={`Remove ${name}`}
          >
            <Trash2 className="size-4" aria-hidden="true" /> Remove
          </Button>
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-prompt`}>{name} text</Label>
        <Input
          id={`${id}-prompt`}
          value={question.prompt}
          maxLength={ASSESSMENT_LIMITS.promptMax}
          onChange={(event) => onChange({ ...question, prompt: event.target.value })}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-ink pointer-coarse:min-h-11">
        <input
          type="checkbox"
          className="size-4 accent-night-700"
          checked={question.multiple}
          onChange={(event) => onChange({ ...question, multiple: event.target.checked })}
        />
        She may choose several answers
      </label>
      <ol className="flex flex-col gap-3">
        {question.options.map((option, optionIndex) => (
          <OptionEditor
            key={option.id}
            option={option}
            label={`Answer ${optionIndex + 1}`}
            items={items}
            targets={targets}
            canRemove={question.options.length > ASSESSMENT_LIMITS.optionsMin}
            onChange={(changed) =>
              onChange({ ...question, options: replaceAt(question.options, optionIndex, changed) })
            }
            onRemove={() => onChange({ ...question, options: question.options.filter((_, at) => at !== optionIndex) })}
          />
        ))}
      </ol>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        disabled={question.options.length >= ASSESSMENT_LIMITS.optionsMax}
        onClick={() =>
          onChange({ ...question, options: [...question.options, { id: crypto.randomUUID(), label: '', weights: [] }] })
        }
      >
        <Plus className="size-4" aria-hidden="true" /> Add answer
      </Button>
    </li>
  );
});

/** The questions in the order she meets them, each with its answers and where they point. */
export function QuestionsEditor({
  questions,
  items,
  targets,
  update,
}: {
  questions: AssessmentQuestion[];
  items: PathwayItem[];
  targets: ItemTargets;
  /** Stable: a change made from the questions as they are when it applies. */
  update: QuestionsUpdate;
}) {
  const blank = (): AssessmentQuestion => ({
    id: crypto.randomUUID(),
    prompt: '',
    multiple: false,
    options: [
      { id: crypto.randomUUID(), label: '', weights: [] },
      { id: crypto.randomUUID(), label: '', weights: [] },
    ],
  });
  return (
    <section aria-labelledby="questions-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="questions-heading" className="text-2xl text-night-900">
          Questions
        </h2>
        <p className="text-sm text-ink-muted">
          Each answer she chooses adds its weights to the items it points at ({ASSESSMENT_LIMITS.weightMin} to{' '}
          {ASSESSMENT_LIMITS.weightMax}; a negative weight points away). Items scoring above zero make her pathway, best
          first.
        </p>
      </div>
      <ol className="flex flex-col gap-4">
        {questions.map((question, index) => (
          <QuestionCard
            key={question.id}
            question={question}
            index={index}
            count={questions.length}
            items={items}
            targets={targets}
            update={update}
          />
        ))}
      </ol>
      <Button
        variant="outline"
        className="self-start"
        disabled={questions.length >= ASSESSMENT_LIMITS.questionsMax}
        onClick={() => update((current) => [...current, blank()])}
      >
        <Plus className="size-4" aria-hidden="true" /> Add question
      </Button>
    </section>
  );
}
