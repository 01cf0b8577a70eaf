import { classifyMoonPhase } from '@lunara/shared/moon';
import type { Moon } from '@lunara/shared/ritual-schemas';
import { zonedDayRange } from '@lunara/shared/time-zones';
import { Body, Illumination, MoonPhase, Observer, SearchMoonPhase, SearchRiseSet } from 'astronomy-engine';

/** The cycle fraction from a real ephemeris: the Moon–Sun ecliptic longitude difference over 360°. */
export function cycleFraction(at: Date): number {
  return MoonPhase(at) / 360;
}

/** When the moon next crosses into the following phase (the next of the spec's eight cut-offs). */
function nextPhase(at: Date): Moon['nextPhase'] {
  const fraction = cycleFraction(at);
  const boundaries = [0.0625, 0.1875, 0.3125, 0.4375, 0.5625, 0.6875, 0.8125, 0.9375];
  const next = boundaries.find((boundary) => boundary > fraction + 1e-9) ?? boundaries[0] ?? 0.0625;
  const found = SearchMoonPhase(next * 360, at, 32);
  const when = found?.date ?? new Date(at.getTime() + 4 * 86_400_000);
  return { phase: classifyMoonPhase(next), at: when.toISOString() };
}

/** The moon now, and with a location today's moonrise and moonset there (in the member's day). */
export function getMoon(at: Date, place?: { latitude: number; longitude: number; timeZone: string }): Moon {
  const fraction = cycleFraction(at);
  let timing: Moon['timing'] = null;
  if (place) {
    const observer = new Observer(place.latitude, place.longitude, 0);
    const { start } = zonedDayRange(at, place.timeZone);
    const rise = SearchRiseSet(Body.Moon, observer, +1, start, 1);
    const set = SearchRiseSet(Body.Moon, observer, -1, start, 1);
    timing = { moonrise: rise?.date.toISOString() ?? null, moonset: set?.date.toISOString() ?? null };
  }
  return {
    phase: classifyMoonPhase(fraction),
    cycleFraction: fraction,
    illuminationPercent: Math.round(Illumination(Body.Moon, at).phase_fraction * 100),
    nextPhase: nextPhase(at),
    timing,
  };
}
