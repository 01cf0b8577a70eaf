import { MOODS, type Mood } from '@lunara/shared/rituals';
import { Button } from '../../../components/ui/button.tsx';

interface MoodEnergyFieldsProps {
  moodLegend: string;
  mood: Mood | null;
  onMoodChange: (mood: Mood | null) => void;
  energy: number;
  onEnergyChange: (energy: number) => void;
}

/** How she felt after a ritual (a second press takes the mood back) and her energy from 1 to 5. */
export function MoodEnergyFields({ moodLegend, mood, onMoodChange, energy, onEnergyChange }: MoodEnergyFieldsProps) {
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">{moodLegend}</legend>
        <div className="flex flex-wrap gap-2">
          {MOODS.map((option) => (
            <Button
              key={option}
              size="sm"
              variant={mood === option ? 'primary' : 'outline'}
              aria-pressed={mood === option}
              onClick={() => onMoodChange(mood === option ? null : option)}
              className="capitalize"
            >
              {option}
            </Button>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">Energy level</legend>
        <div className="flex gap-2">
          {[1, 2, 3, 4, 5].map((level) => (
            <Button
              key={level}
              size="sm"
              variant={energy === level ? 'primary' : 'outline'}
              aria-pressed={energy === level}
              aria-label={`Energy ${level} of 5`}
              className="w-11"
              onClick={() => onEnergyChange(level)}
            >
              {level}
            </Button>
          ))}
        </div>
      </fieldset>
    </>
  );
}
