import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What a first visit downloads before the page draws: the app's entry and the page's own module (the
 * landing page, the dashboard, the community, a post and a course), with everything they import
 * statically (an `import()` downloads later, when wanted). Libraries that only some moments need stay
 * out of it: zod (about 25 kB gzip; forms and the API's checks), the Markdown parser
 * (35 kB; formatted texts), Radix (menus, selects, popovers and dialogs: about 30 kB; opened ones) and
 * the formatting editor (writing and editing).
 */
const SRC = path.resolve(import.meta.dirname, '..');
const SHARED = path.resolve(SRC, '../../../packages/shared/src');
const FIRST_VIEWS = [
  'main.tsx',
  'app/routes/landing.tsx',
  'app/routes/dashboard.tsx',
  'app/routes/community.tsx',
  'app/routes/post.tsx',
  'app/routes/course.tsx',
];
const LATER = [
  'zod',
  'radix-ui',
  'react-markdown',
  'components/ui/dialog.tsx',
  'components/ui/dropdown-menu.tsx',
  'components/ui/popover.tsx',
  'components/ui/select-menu.tsx',
  'components/image-viewer.tsx',
  'components/rich-text/rich-text-editor.tsx',
];

const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)(?:[^;'"]*?\sfrom\s+)?'([^']+)'/gms;

function resolve(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@lunara/shared/')
    ? path.join(SHARED, specifier.slice('@lunara/shared/'.length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`].find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

/**
 * Every package and file (relative to src) a module reaches through static imports, each with the chain
 * of files that reaches it.
 */
function reachedFrom(entry: string): Map<string, string[]> {
  const reachedBy = new Map<string, string | null>([[entry, null]]);
  const reached = new Map<string, string[]>();
  const chain = (file: string) => {
    const files: string[] = [];
    for (let at: string | null | undefined = file; at; at = reachedBy.get(at)) files.unshift(path.relative(SRC, at));
    return files;
  };
  const queue = [entry];
  for (let file = queue.shift(); file; file = queue.shift()) {
    const source = fs.readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
    for (const [, specifier] of source.matchAll(STATIC_IMPORT)) {
      const target = resolve(file, specifier as string);
      if (target) {
        if (!reachedBy.has(target)) {
          reachedBy.set(target, file);
          queue.push(target);
          reached.set(path.relative(SRC, target), chain(target));
        }
      } else if (!reached.has(specifier as string)) {
        reached.set(specifier as string, chain(file));
      }
    }
  }
  return reached;
}

describe('what a first visit downloads', () => {
  it.each(FIRST_VIEWS)('%s reaches none of the libraries wanted later', (entry) => {
    const reached = reachedFrom(path.join(SRC, entry));
    const found = LATER.filter((name) => reached.has(name)).map(
      (name) => `${name} via ${reached.get(name)?.join(' → ')}`,
    );
    expect(found).toEqual([]);
  });

  it('sees those libraries where a page does import them', () => {
    expect(reachedFrom(path.join(SRC, 'app/routes/auth.tsx')).has('zod')).toBe(true);
    expect(reachedFrom(path.join(SRC, 'components/markdown-renderer.tsx')).has('react-markdown')).toBe(true);
    expect(reachedFrom(path.join(SRC, 'components/confirm-dialog.tsx')).has('components/ui/dialog.tsx')).toBe(true);
    expect(reachedFrom(path.join(SRC, 'components/confirm-dialog.tsx')).has('radix-ui')).toBe(true);
  });
});
