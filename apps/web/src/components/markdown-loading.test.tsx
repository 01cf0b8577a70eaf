import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

// Its own file: the parser must not have been downloaded yet (the module state is this file's).
describe('Markdown before its parser has downloaded', () => {
  it('shows the words as typed meanwhile, and plain paragraphs at once', () => {
    expect(renderToStaticMarkup(<Markdown>{'**Rise** together\nsisters'}</Markdown>)).toBe(
      '<div class="markdown"><p class="whitespace-pre-wrap">**Rise** together\nsisters</p></div>',
    );
    expect(renderToStaticMarkup(<Markdown>{'Rise together\n\nsisters'}</Markdown>)).toBe(
      '<div class="markdown"><p>Rise together</p>\n<p>sisters</p></div>',
    );
  });
});
