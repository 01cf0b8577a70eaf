import { classifyMoonPhase, moonPhaseInfo } from '@lunara/shared/moon';
import { useEffect, useState } from 'react';

// The mean synodic month from a known new moon (2000-01-06 18:14 UTC): within about half a day of the
// ephemeris the server uses, close enough for a picture, and no astronomy library in the first page.
const SYNODIC_MS = 29.530588853 * 86_400_000;
const REFERENCE_NEW_MOON = Date.UTC(2000, 0, 6, 18, 14);

export function approximateCycleFraction(at: Date): number {
  const cycles = (at.getTime() - REFERENCE_NEW_MOON) / SYNODIC_MS;
  return cycles - Math.floor(cycles);
}

const R = 90;
const C = 100;

/**
 * The lit part of the disc: the limb on the lit side (right while waxing), closed by the terminator, an
 * ellipse whose width follows the cosine of the phase angle (a crescent's bulges toward the light).
 */
export function litPath(fraction: number): string {
  const waxing = fraction < 0.5;
  const k = Math.cos(2 * Math.PI * fraction);
  const rx = (Math.abs(k) * R).toFixed(2);
  const limbSweep = waxing ? 1 : 0;
  const terminatorSweep = k > 0 === waxing ? 0 : 1;
  return `M ${C} ${C - R} A ${R} ${R} 0 0 ${limbSweep} ${C} ${C + R} A ${rx} ${R} 0 0 ${terminatorSweep} ${C} ${C - R} Z`;
}

/**
 * Tonight's moon for the landing hero, drawn in the phase it really is in. Drawn after the page has
 * hydrated: the server's HTML is kept for a while and may be from another night.
 */
export function TonightMoon({ className }: { className?: string }) {
  const [fraction, setFraction] = useState<number | null>(null);
  useEffect(() => setFraction(approximateCycleFraction(new Date())), []);
  const illumination = fraction === null ? 0 : Math.round(((1 - Math.cos(2 * Math.PI * fraction)) / 2) * 100);
  const label =
    fraction === null
      ? 'The moon'
      : `Tonight's moon: ${moonPhaseInfo(classifyMoonPhase(fraction)).name}, ${illumination}% illuminated`;

  return (
    <figure className={className}>
      <svg viewBox="0 0 200 200" role="img" aria-label={label} className="size-full overflow-visible">
        <defs>
          <radialGradient id="moon-glow" cx="50%" cy="50%" r="50%">
            <stop offset="60%" stopColor="#f6e7b8" stopOpacity="0.35" />
            <stop offset="100%" stopColor="#f6e7b8" stopOpacity="0" />
          </radialGradient>
          <radialGradient id="moon-lit" cx="40%" cy="35%" r="75%">
            <stop offset="0%" stopColor="#fffaf0" />
            <stop offset="70%" stopColor="#f3e4bd" />
            <stop offset="100%" stopColor="#d9c28f" />
          </radialGradient>
        </defs>
        <circle cx={C} cy={C} r={R * 1.35} fill="url(#moon-glow)" opacity={0.3 + (illumination / 100) * 0.7} />
        <circle cx={C} cy={C} r={R} fill="#1d1838" stroke="#3b3270" strokeWidth="1" />
        {fraction !== null && (
          <g>
            <path d={litPath(fraction)} fill="url(#moon-lit)" />
            <g fill="#b9a57a" opacity="0.35" clipPath="url(#moon-clip)">
              <circle cx="72" cy="78" r="11" />
              <circle cx="122" cy="64" r="7" />
              <circle cx="112" cy="122" r="14" />
              <circle cx="70" cy="132" r="6" />
            </g>
          </g>
        )}
        <clipPath id="moon-clip">{fraction !== null && <path d={litPath(fraction)} />}</clipPath>
      </svg>
      {fraction !== null && (
        <figcaption className="mt-3 text-center text-sm text-moon-200">
          {moonPhaseInfo(classifyMoonPhase(fraction)).name} tonight · {illumination}% illuminated
        </figcaption>
      )}
    </figure>
  );
}
