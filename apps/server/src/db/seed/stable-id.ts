import { createHash } from 'node:crypto';

/** A UUID derived from a name, so that seeding the same thing twice hits the same row. */
export function stableId(name: string): string {
  const hex = createHash('sha256').update(`lunara:${name}`).digest('hex');
  // Shaped as a version-5-style UUID (version and variant bits set).
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}
