import {
  type AdminRitual,
  type CreateRitualTemplateBody,
  createRitualTemplateBodySchema,
} from '@lunara/shared/content-studio';
import type { MoonPhaseKey } from '@lunara/shared/rituals';
import { fieldErrorsOf } from './ritual-category-form-state.ts';

/** The ritual form as typed (the duration is text until it is checked). */
export interface RitualFormValues extends Record<string, unknown> {
  title: string;
  description: string;
  instructions: string;
  durationMinutes: string;
  category: string;
  moonPhase: MoonPhaseKey;
}

export const ritualFormValues = (ritual?: AdminRitual, phase: MoonPhaseKey = 'new_moon'): RitualFormValues => ({
  title: ritual?.title ?? '',
  description: ritual?.description ?? '',
  instructions: ritual?.instructions ?? '',
  durationMinutes: String(ritual?.durationMinutes ?? 15),
  category: ritual?.category ?? '',
  moonPhase: ritual?.moonPhase ?? phase,
});

/** The form checked with the server's own schema: the body to send, or each field's message. */
export function checkRitualForm(
  values: RitualFormValues,
): { body: CreateRitualTemplateBody; errors?: undefined } | { body?: undefined; errors: Record<string, string> } {
  const duration = values.durationMinutes.trim();
  const parsed = createRitualTemplateBodySchema.safeParse({
    ...values,
    // Blank is "no number", not 0, so it gets the "must be a number" message.
    durationMinutes: duration === '' ? undefined : Number(duration),
  });
  return parsed.success ? { body: parsed.data } : { errors: fieldErrorsOf(parsed.error) };
}
