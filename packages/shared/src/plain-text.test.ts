import { describe, expect, it } from 'vitest';
import { plainTextOf } from './plain-text.ts';

describe('plainTextOf', () => {
  it('reads mentions as "@Name" and links as their label', () => {
    expect(plainTextOf('Thank you @[Ayla Moon](member:Ps9Xhe4o-x) for [this guide](https://example.com/a)')).toBe(
      'Thank you @Ayla Moon for this guide',
    );
  });

  it('drops the marks of emphasis, code, quotes, lists and headings, keeping snake_case', () => {
    const text = '# Tonight\n> so **powerful** and _soft_\n- one `cup`\n2. two\n```js\nlet moon_water = 1\n```';
    expect(plainTextOf(text)).toBe('Tonight so powerful and soft one cup two let moon_water = 1');
  });

  it('cleans the halves of a link or a mention an excerpt cut, and keeps the highlight marks', () => {
    expect(plainTextOf('water](https://example.com) under the \uE000moon\uE001')).toBe(
      'water under the \uE000moon\uE001',
    );
    expect(plainTextOf('see the [full \uE000moon\uE001 guide')).toBe('see the full \uE000moon\uE001 guide');
    expect(plainTextOf('Ayla](member:Ps9Xhe4o) said')).toBe('Ayla said');
  });
});
