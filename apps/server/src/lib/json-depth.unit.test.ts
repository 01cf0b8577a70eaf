import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON nesting depth', () => {
  it('counts arrays and objects', () => {
    expect(nestsDeeperThan(nested(32), 32)).toBe(false);
    expect(nestsDeeperThan(nested(33), 32)).toBe(true);
    expect(nestsDeeperThan(`${'{"a":'.repeat(33)}1${'}'.repeat(33)}`, 32)).toBe(true);
    expect(nestsDeeperThan(nested(50_000), 32)).toBe(true);
  });

  it('counts depth, not the number of brackets', () => {
    expect(nestsDeeperThan(JSON.stringify(Array.from({ length: 10_000 }, () => ({ a: [1] }))), 32)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ content: '['.repeat(1000) }), 32)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ content: `\\"${'{'.repeat(1000)}` }), 32)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: 'x\\', b: '['.repeat(100) }), 32)).toBe(false);
  });
});
