import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FullPageLoader } from './full-page-loader.tsx';

describe('the loading state in index.html', () => {
  it('is exactly what FullPageLoader renders, so the first paint does not change when React takes over', () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
    const root = /<div id="root">([\s\S]*?)<\/div>\n/.exec(html)?.[1];
    expect(root).toBe(renderToStaticMarkup(<FullPageLoader />));
  });
});
