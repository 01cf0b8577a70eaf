import { moonPhaseInfo } from '@lunara/shared/moon';
import type { Moon } from '@lunara/shared/ritual-schemas';
import { LocateFixed } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { localDateFormat } from '../../../lib/local-format.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveLocation } from '../api/rituals.ts';
import { MOON_CARD_TEXT } from './moon-card-text.ts';

const time = () => localDateFormat({ hour: 'numeric', minute: '2-digit' });
const dayTime = () => localDateFormat({ weekday: 'long', hour: 'numeric', minute: '2-digit' });

/** Today's moon: phase, energy, the real illuminated percentage, and (with a location) its timing. */
export function MoonCard({ moon }: { moon: Moon }) {
  const info = moonPhaseInfo(moon.phase);
  const next = moonPhaseInfo(moon.nextPhase.phase);
  const text = MOON_CARD_TEXT[info.textTone];
  const saveLocation = useSaveLocation();

  function askForLocation() {
    if (!('geolocation' in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      (position) =>
        saveLocation.mutate(
          { latitude: position.coords.latitude, longitude: position.coords.longitude },
          { onError: (error) => console.error('Saving the location failed', error) },
        ),
      // A denied permission is only logged (spec section 8).
      (error) => console.error('Location permission denied', error.message),
    );
  }

  return (
    // The gradient is the same in both themes: the card keeps the light theme's tokens it was checked with.
    <section
      data-theme="light"
      aria-labelledby="moon-title"
      className={cn('flex flex-col gap-4 rounded-[var(--radius-card)] p-6 shadow-card sm:p-8', text.title)}
      style={{ background: `linear-gradient(135deg, ${info.gradient.join(', ')})` }}
    >
      <div className="flex items-center gap-4">
        <span className="text-6xl" role="img" aria-label={info.name}>
          {info.emoji}
        </span>
        <div>
          <p className={cn('text-sm tracking-[0.2em] uppercase', text.eyebrow)}>Tonight's moon</p>
          <h2 id="moon-title" className="text-3xl">
            {info.name}
          </h2>
        </div>
      </div>
      <p className={cn('max-w-2xl', text.body)}>{info.description}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone={text.badge}>{info.energy}</Badge>
        <span className={cn('text-sm', text.body)}>{moon.illuminationPercent}% illuminated</span>
      </div>
      <p className={cn('text-sm', text.body)}>
        {next.name} begins {dayTime().format(new Date(moon.nextPhase.at))}.
        {moon.timing && (
          <>
            {' '}
            Where you are, the moon rises{' '}
            {moon.timing.moonrise ? `at ${time().format(new Date(moon.timing.moonrise))}` : 'not at all'} and sets{' '}
            {moon.timing.moonset ? `at ${time().format(new Date(moon.timing.moonset))}` : 'not at all'} today.
          </>
        )}
      </p>
      {!moon.timing && (
        <Button
          variant={text.button}
          size="sm"
          className="self-start"
          disabled={saveLocation.isPending}
          onClick={() => {
            askForLocation();
            toast('Your location is only used to time moonrise and moonset.');
          }}
        >
          <LocateFixed className="size-4" aria-hidden="true" /> Time the moon where I am
        </Button>
      )}
    </section>
  );
}
