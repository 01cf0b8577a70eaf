import { SearchMoonPhase } from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { cycleFraction, getMoon } from './moon-service.ts';

// Published instants (UTC, to the minute) of the full and new moons of 2025 and 2026.
const FULL_MOONS = [
  '2025-01-13T22:27',
  '2025-02-12T13:53',
  '2025-03-14T06:55',
  '2025-04-13T00:22',
  '2025-05-12T16:56',
  '2025-06-11T07:44',
  '2025-07-10T20:37',
  '2025-08-09T07:55',
  '2025-09-07T18:09',
  '2025-10-07T03:48',
  '2025-11-05T13:19',
  '2025-12-04T23:14',
  '2026-01-03T10:03',
  '2026-02-01T22:09',
  '2026-03-03T11:38',
  '2026-04-02T02:12',
  '2026-05-01T17:23',
  '2026-05-31T08:45',
  '2026-06-29T23:57',
  '2026-07-29T14:36',
  '2026-08-28T04:18',
  '2026-09-26T16:49',
  '2026-10-26T04:12',
  '2026-11-24T14:53',
  '2026-12-24T01:28',
];
const NEW_MOONS = [
  '2025-01-29T12:36',
  '2025-02-28T00:45',
  '2025-03-29T10:58',
  '2025-04-27T19:31',
  '2025-05-27T03:02',
  '2025-06-25T10:31',
  '2025-07-24T19:11',
  '2025-08-23T06:06',
  '2025-09-21T19:54',
  '2025-10-21T12:25',
  '2025-11-20T06:47',
  '2025-12-20T01:43',
  '2026-01-18T19:52',
  '2026-02-17T12:01',
  '2026-03-19T01:23',
  '2026-04-17T11:52',
  '2026-05-16T20:01',
  '2026-06-15T02:54',
  '2026-07-14T09:44',
  '2026-08-12T17:37',
  '2026-09-11T03:27',
  '2026-10-10T15:50',
  '2026-11-09T07:02',
  '2026-12-09T00:52',
];
const MINUTE = 60_000;

describe('the moon from the ephemeris', () => {
  it.each(FULL_MOONS)('is full at %s, within two minutes, with ~100%% illuminated', (published) => {
    const at = new Date(`${published}:00Z`);
    const found = SearchMoonPhase(180, new Date(at.getTime() - 2 * 86_400_000), 5);
    expect(Math.abs((found?.date.getTime() ?? 0) - at.getTime())).toBeLessThan(2 * MINUTE);
    const moon = getMoon(at);
    expect(moon.phase).toBe('full_moon');
    expect(moon.illuminationPercent).toBeGreaterThanOrEqual(99);
    expect(Math.abs(cycleFraction(at) - 0.5)).toBeLessThan(0.001);
  });

  it.each(NEW_MOONS)('is new at %s, within two minutes, with ~0%% illuminated', (published) => {
    const at = new Date(`${published}:00Z`);
    const found = SearchMoonPhase(0, new Date(at.getTime() - 2 * 86_400_000), 5);
    expect(Math.abs((found?.date.getTime() ?? 0) - at.getTime())).toBeLessThan(2 * MINUTE);
    const moon = getMoon(at);
    expect(moon.phase).toBe('new_moon');
    expect(moon.illuminationPercent).toBeLessThanOrEqual(1);
  });

  it('names the next phase and when it begins', () => {
    const fullMoon = new Date('2026-11-24T14:53:00Z');
    const moon = getMoon(fullMoon);
    expect(moon.nextPhase.phase).toBe('waning_gibbous');
    const days = (new Date(moon.nextPhase.at).getTime() - fullMoon.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(0.5);
    expect(days).toBeLessThan(3);
  });

  it('gives moonrise and moonset at a place, in its day', () => {
    const moon = getMoon(new Date('2026-11-21T12:00:00Z'), {
      latitude: 51.5,
      longitude: -0.12,
      timeZone: 'Europe/London',
    });
    expect(moon.timing?.moonrise).toMatch(/^2026-11-2[12]T/);
    expect(moon.timing?.moonset).toMatch(/^2026-11-2[12]T/);
    expect(getMoon(new Date()).timing).toBeNull();
  });
});
