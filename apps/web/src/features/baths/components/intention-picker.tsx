import { BATH_INTENTION_INFO, type BathIntention } from '@lunara/shared/baths';
import { cn } from '../../../lib/cn.ts';

/** The intention, as a group of radio buttons (arrow keys move between them, as native radios do). */
export function IntentionPicker({
  value,
  onChange,
}: {
  value: BathIntention;
  onChange: (intention: BathIntention) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold text-ink">Your intention</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {BATH_INTENTION_INFO.map((intention) => (
          <label
            key={intention.key}
            className={cn(
              'relative flex cursor-pointer flex-col gap-0.5 rounded-[var(--radius-control)] border px-3 py-2 text-sm',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-rose-700',
              value === intention.key ? 'border-night-900 bg-night-900 text-moon-50' : 'border-line bg-white text-ink',
            )}
          >
            <input
              type="radio"
              name="bath-intention"
              value={intention.key}
              checked={value === intention.key}
              onChange={() => onChange(intention.key)}
              className="sr-only"
            />
            <span className="font-semibold">{intention.label}</span>
            <span className={cn('text-xs', value === intention.key ? 'text-moon-100' : 'text-ink-muted')}>
              {intention.description}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
