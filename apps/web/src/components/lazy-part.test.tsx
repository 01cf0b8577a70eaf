import fs from 'node:fs';
import path from 'node:path';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { asServerRender } from '../entry-server.tsx';
import type { ServerRender } from '../lib/server-render.ts';
import { lazyPart, preloadDrawnParts } from './lazy-part.tsx';

const SOURCES = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('lazy parts', () => {
  it('are each named by the module they load, as the build names its files (dist/parts.json)', () => {
    const declared: string[] = [];
    for (const file of sourceFiles(SOURCES)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const call of text.matchAll(/lazyPart\(\s*'([^']+)',\s*\(\) =>\s*import\('([^']+)'\)/g)) {
        const [, module, imported] = call as unknown as [string, string, string];
        const loads = path
          .relative(SOURCES, path.resolve(path.dirname(file), imported))
          .split(path.sep)
          .join('/');
        expect(module, file).toBe(loads);
        declared.push(module);
      }
      // Every call has that shape, so none escapes the check above.
      const calls = text.match(/\blazyPart\(/g)?.length ?? 0;
      expect(text.match(/lazyPart\(\s*'[^']+',\s*\(\) =>\s*import\('/g)?.length ?? 0, file).toBe(calls);
    }
    expect(declared.length).toBeGreaterThan(10);
  });

  it('drawn on the server are listed, and once preloaded the browser draws them at once, nested ones too', async () => {
    const Inner: { current?: ComponentType<{ word: string }> } = {};
    const Outer = lazyPart(
      'test/outer.tsx',
      async () => {
        // Declared as its module runs, as a tab's panel declares the dialogs it opens.
        const Nested = lazyPart(
          'test/inner.tsx',
          async () =>
            ({ word }: { word: string }) => <b>{word}</b>,
          'Wait',
        );
        Inner.current = Nested;
        return ({ word }: { word: string }) => (
          <p>
            <Nested word={word} />
          </p>
        );
      },
      'Loading...',
    );
    const render: ServerRender = { transport: undefined, locale: undefined, timeZone: undefined, downloads: [] };
    render.parts = new Set();
    const first = await asServerRender(render, async () => renderToString(<Outer word="moon" />));
    expect(first).toContain('Loading...');
    expect([...render.parts]).toEqual(['test/outer.tsx']);

    // A module no lazy part declares is left alone; the nested one is known once its parent has loaded.
    await preloadDrawnParts(['test/outer.tsx', 'test/inner.tsx', 'test/unknown.tsx']);
    expect(Inner.current).toBeDefined();
    expect(renderToString(<Outer word="moon" />)).toMatch(
      /^<!--\$--><p><!--\$--><b>moon<\/b><!--\/\$--><\/p><!--\/\$-->$/,
    );
  });
});
