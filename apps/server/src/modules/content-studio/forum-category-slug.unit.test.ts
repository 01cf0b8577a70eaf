import { describe, expect, it } from 'vitest';
import { slugBase } from './forum-category-slug.ts';

describe('a forum category slug', () => {
  it('is the name in lower case with hyphens', () => {
    expect(slugBase('  Moon Wisdom & Rituals! ')).toBe('moon-wisdom-rituals');
  });
  it('drops accents and keeps other scripts', () => {
    expect(slugBase('Énergie Lunaire')).toBe('energie-lunaire');
    expect(slugBase('Лунный круг')).toBe('лунный-круг');
    expect(slugBase('किताब घर')).toBe('किताब-घर');
  });
  it('falls back when nothing readable is left, and stays short', () => {
    expect(slugBase('✨✨')).toBe('category');
    expect(slugBase('a'.repeat(100))).toHaveLength(60);
  });
});
