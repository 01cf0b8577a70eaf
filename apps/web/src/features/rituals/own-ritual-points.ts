import { RITUAL_POINTS } from '@lunara/shared/moon';
import { formatCount } from '@lunara/shared/plural';
import { OWN_RITUALS_PAID_PER_DAY } from '@lunara/shared/points';

/** Said where she creates and completes her own rituals, so that a completion paying 0 is no surprise. */
export const OWN_RITUAL_POINTS_NOTE = `Your own rituals earn +${RITUAL_POINTS} points for the first ${OWN_RITUALS_PAID_PER_DAY} completions each day; after that they still count for your streak, without points.`;

/** The toast after a completion: what it really paid. */
export const completedMessage = (title: string, pointsAwarded: number) =>
  pointsAwarded > 0
    ? `${title} completed! +${formatCount(pointsAwarded, 'point')}`
    : `${title} completed! No points: today's ${OWN_RITUALS_PAID_PER_DAY} paid completions of your own rituals are done`;
