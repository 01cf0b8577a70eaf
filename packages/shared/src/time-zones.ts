/** Whether the runtime knows this IANA time zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock parts of an instant in a time zone. */
function wallClock(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
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
