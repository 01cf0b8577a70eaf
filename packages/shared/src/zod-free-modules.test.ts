import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Modules a page's first load reads (the theme menu, avatars, course covers, the feed's limits): zod would
// add about 25 kB gzip to each. Their schemas live in *-schemas.ts, or in the module that re-exports a
// *-constants.ts; this follows each module's value imports to the end.
const FIRST_LOAD_MODULES = [
  'theme.ts',
  'media.ts',
  ...fs.readdirSync(import.meta.dirname).filter((file) => file.endsWith('-constants.ts')),
];

function valueImports(file: string): string[] {
  const source = fs.readFileSync(path.join(import.meta.dirname, file), 'utf8');
  return [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map((match) => match[1] as string);
}

function reachedFrom(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const specifier of valueImports(file)) {
    if (specifier.startsWith('./')) reachedFrom(specifier.slice(2), seen);
    else seen.add(specifier);
  }
  return seen;
}

describe('modules a first page load reads', () => {
  it.each(FIRST_LOAD_MODULES)('%s never loads zod', (file) => {
    expect([...reachedFrom(file)]).not.toContain('zod');
  });

  it('the check sees a value import of zod where there is one', () => {
    expect([...reachedFrom('theme-schemas.ts')]).toContain('zod');
    expect([...reachedFrom('media-schemas.ts')]).toContain('zod');
  });
});
