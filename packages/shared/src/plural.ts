const englishPlurals = new Intl.PluralRules('en-US');

/**
 * A count with its word in the form English uses for that number: "1 reply", "0 replies", "1,204 likes".
 * The plural is the singular plus "s" unless given.
 */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  const word = englishPlurals.select(count) === 'one' ? singular : plural;
  return `${count.toLocaleString('en-US')} ${word}`;
}
