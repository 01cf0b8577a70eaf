import type { RsvpStatus } from '@lunara/shared/community';
import { toast } from '../../../lib/toast.ts';

const WORDS: Record<RsvpStatus, string> = { going: 'attending', maybe: 'maybe attending', not_going: 'not attending' };

export const rsvpUpdated = (status: RsvpStatus) =>
  toast.success('RSVP Updated', { description: `You've marked yourself as ${WORDS[status]}.` });

export const rsvpFailed = (message?: string) =>
  toast.error(message?.startsWith('This event is full') ? message : 'Failed to update RSVP. Please try again.');
