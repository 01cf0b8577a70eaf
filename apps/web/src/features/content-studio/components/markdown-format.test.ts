import { describe, expect, it } from 'vitest';
import { applyFormat, imageMarkdown, insertBlock } from './markdown-format.ts';

describe('the Markdown toolbar', () => {
  it('wraps the selection in bold and italic, keeping it selected', () => {
    expect(applyFormat('a moon b', 2, 6, 'bold')).toEqual({ text: 'a **moon** b', start: 4, end: 8 });
    expect(applyFormat('a moon b', 2, 6, 'italic')).toEqual({ text: 'a _moon_ b', start: 3, end: 7 });
  });

  it('puts a selected placeholder where nothing was selected', () => {
    const edit = applyFormat('ab', 1, 1, 'bold');
    expect(edit.text).toBe('a**bold text**b');
    expect(edit.text.slice(edit.start, edit.end)).toBe('bold text');
  });

  it('makes a link of the selection and selects its address', () => {
    const edit = applyFormat('see here', 4, 8, 'link');
    expect(edit.text).toBe('see [here](https://)');
    expect(edit.text.slice(edit.start, edit.end)).toBe('https://');
  });

  it('prefixes every selected line for headings, lists and quotes, once', () => {
    expect(applyFormat('one\ntwo\nthree', 0, 7, 'list').text).toBe('- one\n- two\nthree');
    expect(applyFormat('- one\ntwo', 0, 9, 'list').text).toBe('- one\n- two');
    expect(applyFormat('intro\nTitle', 8, 8, 'heading').text).toBe('intro\n## Title');
    expect(applyFormat('wise words', 0, 0, 'quote').text).toBe('> wise words');
  });

  it('inserts an image on a line of its own, without brackets breaking its alt text', () => {
    const block = imageMarkdown('the [full] moon', '/media/abc/800');
    expect(block).toBe('![the full moon](/media/abc/800)');
    expect(insertBlock('Before', 6, 6, block).text).toBe(`Before\n\n${block}\n`);
    expect(insertBlock('', 0, 0, block).text).toBe(`${block}\n`);
  });
});
