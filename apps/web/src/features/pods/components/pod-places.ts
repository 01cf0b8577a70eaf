import type { PodSummary } from '@lunara/shared/pods';

/** "3 of 6 places taken": capacity counts the mentor, and so does this. */
export const placesText = (pod: Pick<PodSummary, 'memberCount' | 'capacity'>) =>
  `${pod.memberCount} of ${pod.capacity} places taken (mentor included)`;

export const isFull = (pod: Pick<PodSummary, 'memberCount' | 'capacity'>) => pod.memberCount >= pod.capacity;
