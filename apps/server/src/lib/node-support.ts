/**
 * End of life of each Node.js major (https://nodejs.org/en/about/previous-releases), after which it gets
 * no security fixes. Data, not code: add a line when a new major is released. A major newer than the
 * table is taken as supported; one older than it as long past its end.
 */
export const NODE_END_OF_LIFE: Readonly<Record<number, string>> = {
  18: '2025-04-30',
  19: '2023-06-01',
  20: '2026-04-30',
  21: '2024-06-01',
  22: '2027-04-30',
  23: '2025-06-01',
  24: '2028-04-30',
  25: '2026-06-01',
  26: '2029-04-30',
};

const NEWEST_LISTED_MAJOR = Math.max(...Object.keys(NODE_END_OF_LIFE).map(Number));

/** The runtime Lunara recommends (README, .ci/run). */
export const RECOMMENDED_NODE_MAJOR = 24;

/** A warning to log at start when this Node.js no longer gets security fixes on `today`; none otherwise. */
export function nodeEndOfLifeWarning(version: string, today: Date): string | undefined {
  const major = Number.parseInt(version.replace(/^v/, ''), 10);
  if (!Number.isInteger(major) || major > NEWEST_LISTED_MAJOR) return undefined;
  const endOfLife = NODE_END_OF_LIFE[major];
  if (endOfLife && today.toISOString().slice(0, 10) < endOfLife) return undefined;
  const since = endOfLife ? ` on ${endOfLife}` : '';
  return `Node.js ${major} reached its end of life${since} and gets no security fixes: run Lunara on Node.js ${RECOMMENDED_NODE_MAJOR} LTS`;
}
