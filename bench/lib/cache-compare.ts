/** One cached answer to compare: a member's request, and the cache that answers it. */
export interface Probe {
  /** Which in-memory cache the answer comes from (session, feed, leaderboard, notifications, blocks). */
  cache: string;
  path: string;
  cookie: string;
  /** Who asks, for the report. */
  label: string;
}

export interface Mismatch {
  cache: string;
  label: string;
  path: string;
  server: string;
  /** Where the two answers part, a few characters either side. */
  fresh: string;
  cached: string;
}

/** An answer as the client sees it: the status and the body, byte for byte. */
export type Answer = string;

/** Every probe's answer from one server, a few requests at a time. */
export async function readAnswers(url: string, probes: Probe[], concurrency = 8): Promise<Answer[]> {
  const answers: Answer[] = new Array(probes.length);
  let next = 0;
  const reader = async () => {
    while (next < probes.length) {
      const index = next++;
      const probe = probes[index] as Probe;
      const response = await fetch(`${url}${probe.path}`, { headers: { cookie: probe.cookie } });
      answers[index] = `${response.status} ${await response.text()}`;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, reader));
  return answers;
}

function excerpt(text: string, at: number): string {
  return text.slice(Math.max(0, at - 60), at + 60);
}

/** The probes whose answer from a server differs from the fresh one, with where they part. */
export function compareAnswers(probes: Probe[], fresh: Answer[], cached: Answer[], server: string): Mismatch[] {
  const mismatches: Mismatch[] = [];
  probes.forEach((probe, index) => {
    const expected = fresh[index] ?? '';
    const actual = cached[index] ?? '';
    if (expected === actual) return;
    let at = 0;
    while (at < expected.length && expected[at] === actual[at]) at++;
    mismatches.push({
      cache: probe.cache,
      label: probe.label,
      path: probe.path,
      server,
      fresh: excerpt(expected, at),
      cached: excerpt(actual, at),
    });
  });
  return mismatches;
}
