import { ChevronLeft, ChevronRight, Flame, Trophy } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePracticeCalendar } from '../api/journal.ts';
import { addDays, dayCountLabel, monthDays, monthTitle, shiftMonth } from './calendar-dates.ts';

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** Brings the journal's heading of that day into view, when the journal has it loaded. */
function showDay(date: string) {
  const heading = document.getElementById(`journal-day-${date}`);
  heading?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/**
 * Her month of practice: a grid of days, each with the rituals she completed (her own days, as the server
 * counts them), today marked, and her streaks. The month is one tab stop; arrow keys move between days
 * (into the next or previous month at its edges), Page Up and Page Down change month.
 */
export function PracticeCalendar() {
  const [month, setMonth] = useState<string>();
  const [active, setActive] = useState<string>();
  const focusNext = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  const calendar = usePracticeCalendar(month);
  const data = calendar.data;

  useEffect(() => {
    if (!focusNext.current || !active) return;
    const cell = grid.current?.querySelector<HTMLElement>(`[data-date="${active}"]`);
    if (cell) {
      cell.focus();
      focusNext.current = false;
    }
  });

  if (calendar.isPending) return <Spinner className="size-6 text-gold-500" />;
  if (calendar.isError || !data) return <LoadError message="Failed to load your calendar" query={calendar} />;

  const counts = new Map(data.days.map((day) => [day.date, day.count]));
  const cells = monthDays(data.month);
  const current = active?.startsWith(data.month)
    ? active
    : data.today.startsWith(data.month)
      ? data.today
      : `${data.month}-01`;

  function moveTo(date: string) {
    focusNext.current = true;
    setActive(date);
    if (!date.startsWith(data?.month ?? '')) setMonth(date.slice(0, 7));
  }

  function onKeyDown(event: KeyboardEvent) {
    const step = KEY_STEPS[event.key];
    let target: string | undefined;
    if (step) target = addDays(current, step);
    else if (event.key === 'PageUp') target = `${shiftMonth(current.slice(0, 7), -1)}-01`;
    else if (event.key === 'PageDown') target = `${shiftMonth(current.slice(0, 7), 1)}-01`;
    else if (event.key === 'Home') target = `${current.slice(0, 7)}-01`;
    else if (event.key === 'End') target = cells.filter((cell) => cell.date).at(-1)?.date ?? undefined;
    if (!target) return;
    event.preventDefault();
    moveTo(target);
  }

  const weeks: Array<typeof cells> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));

  return (
    <Card className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3">
        <p className="flex flex-col rounded-xl bg-moon-100 p-3">
          <span className="inline-flex items-center gap-1 text-xs text-ink-muted">
            <Flame className="size-3.5 text-gold-500" aria-hidden="true" /> Current streak
          </span>
          <span className="text-lg font-semibold text-night-900">{days(data.currentStreak)}</span>
        </p>
        <p className="flex flex-col rounded-xl bg-moon-100 p-3">
          <span className="inline-flex items-center gap-1 text-xs text-ink-muted">
            <Trophy className="size-3.5 text-gold-500" aria-hidden="true" /> Longest streak
          </span>
          <span className="text-lg font-semibold text-night-900">{days(data.longestStreak)}</span>
        </p>
      </div>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="sm"
          aria-label="Previous month"
          onClick={() => setMonth(shiftMonth(data.month, -1))}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
        </Button>
        <h3 id="practice-month" className="text-lg text-night-900" aria-live="polite">
          {monthTitle(data.month)}
        </h3>
        <Button variant="ghost" size="sm" aria-label="Next month" onClick={() => setMonth(shiftMonth(data.month, 1))}>
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <table
        ref={grid}
        aria-labelledby="practice-month"
        className="w-full table-fixed border-separate border-spacing-1 text-center text-sm"
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" className="text-xs font-medium text-ink-muted">
                <abbr title={long} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.key}>
              {week.map(({ key, date }) => {
                if (!date) return <td key={key} />;
                const count = counts.get(date) ?? 0;
                const isToday = date === data.today;
                return (
                  <td key={key} className="p-0">
                    <button
                      type="button"
                      data-date={date}
                      tabIndex={date === current ? 0 : -1}
                      aria-label={`${dayCountLabel(count, date)}${isToday ? ', today' : ''}`}
                      aria-current={isToday ? 'date' : undefined}
                      onFocus={() => setActive(date)}
                      onKeyDown={onKeyDown}
                      onClick={() => showDay(date)}
                      className={cn(
                        'flex aspect-square w-full flex-col items-center justify-center rounded-lg text-ink focus-visible:ring-2 focus-visible:ring-gold-500 focus-visible:ring-offset-2 focus-visible:outline-none',
                        count > 0 && 'bg-gold-300/60 font-semibold text-night-900',
                        isToday && 'ring-2 ring-night-900',
                      )}
                    >
                      <span aria-hidden="true">{Number(date.slice(8))}</span>
                      {count > 0 && (
                        <span
                          aria-hidden="true"
                          className="text-[0.65rem] leading-none text-rose-700"
                        >{`✦${count}`}</span>
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
