const FORMATS = {
  wallClock: {
    locale: 'en-US',
    options: {
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    },
  },
  /** YYYY-MM-DD. */
  calendarDay: { locale: 'en-CA', options: { year: 'numeric', month: '2-digit', day: '2-digit' } },
} satisfies Record<string, { locale: string; options: Intl.DateTimeFormatOptions }>;

// Making a formatter costs far more than using one, and the server asks on every page load: one per zone
// and use. Only zones Intl accepts are kept, but it takes any spelling of a name's case, so the map is also
// capped (a visitor could otherwise grow it without end).
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 2_000;

/** The formatter of `use` in a time zone, made once. Throws a RangeError for an unknown zone. */
export function zonedFormat(use: keyof typeof FORMATS, timeZone: string): Intl.DateTimeFormat {
  const key = `${use} ${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(FORMATS[use].locale, { ...FORMATS[use].options, timeZone });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, format);
  }
  return format;
}

/** Whether the runtime knows this IANA time zone name (asked on every request that names one). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    zonedFormat('calendarDay', timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) of `now` in a time zone, falling back to UTC for an unknown zone. */
export function calendarDayIn(now: Date, timeZone: string): string {
  try {
    return zonedFormat('calendarDay', timeZone).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** The wall-clock parts of an instant in a time zone. */
function wallClock(instant: number, timeZone: string) {
  const parts = zonedFormat('wallClock', timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The instant at which a calendar day begins in a time zone (DST-safe). */
export function startOfZonedDay(year: number, month: number, day: number, timeZone: string): Date {
  const target = Date.UTC(year, month - 1, day);
  let guess = target;
  // Two corrections settle the offset, including across a daylight-saving change.
  for (let i = 0; i < 2; i++) {
    const wall = wallClock(guess, timeZone);
    const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
    guess += target - wallAsUtc;
  }
  return new Date(guess);
}

/** The member's calendar day (start inclusive, end exclusive) that contains `now`. */
export function zonedDayRange(now: Date, timeZone: string): { start: Date; end: Date } {
  const { year, month, day } = wallClock(now.getTime(), timeZone);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return {
    start: startOfZonedDay(year, month, day, timeZone),
    end: startOfZonedDay(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone),
  };
}

/** The member's calendar week (Monday to Monday) that contains `now`. */
export function zonedWeekRange(now: Date, timeZone: string): { start: Date; end: Date } {
  const { year, month, day } = wallClock(now.getTime(), timeZone);
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(year, month - 1, day - weekday));
  const nextMonday = new Date(Date.UTC(year, month - 1, day - weekday + 7));
  return {
    start: startOfZonedDay(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), timeZone),
    end: startOfZonedDay(nextMonday.getUTCFullYear(), nextMonday.getUTCMonth() + 1, nextMonday.getUTCDate(), timeZone),
  };
}
