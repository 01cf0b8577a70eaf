import { describe, expect, it } from 'vitest';
import { formatCount } from './plural.ts';

describe('formatCount', () => {
  it('uses the singular for one and the plural for every other count', () => {
    expect(formatCount(1, 'reply', 'replies')).toBe('1 reply');
    expect(formatCount(0, 'reply', 'replies')).toBe('0 replies');
    expect(formatCount(2, 'view')).toBe('2 views');
    expect(formatCount(1, 'pt')).toBe('1 pt');
    expect(formatCount(1204, 'like')).toBe('1,204 likes');
    expect(formatCount(-1, 'point')).toBe('-1 point');
  });
});
