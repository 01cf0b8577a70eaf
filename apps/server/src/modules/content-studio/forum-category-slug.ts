const SLUG_MAX = 60;

/**
 * A category's slug from its name: lower case, accents dropped from Latin letters, anything but letters and digits made a
 * hyphen. Letters of every script are kept (a Cyrillic or Japanese name gives a readable slug); a name
 * of symbols only gives "category". Uniqueness is the caller's (`-2`, `-3`... on a clash).
 */
export function slugBase(name: string): string {
  const slug = name
    .normalize('NFKD')
    // Accents off Latin letters only: a Cyrillic й or a Hindi vowel sign is part of the letter.
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'category';
}
