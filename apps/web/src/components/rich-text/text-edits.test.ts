import { describe, expect, it } from 'vitest';
import { formatEdit, mentionQueryAt } from './text-edits.ts';

const apply = (text: string, edit: ReturnType<typeof formatEdit>) =>
  text.slice(0, edit.start) + edit.insert + text.slice(edit.end);

describe('toolbar edits', () => {
  it('wrap the selection, or insert a placeholder selected to type over', () => {
    const bold = formatEdit('bold', 'I am here', { start: 5, end: 9 });
    expect(apply('I am here', bold)).toBe('I am **here**');
    expect(bold.select).toEqual({ start: 7, end: 11 });
    const empty = formatEdit('italic', '', { start: 0, end: 0 });
    expect(empty.insert).toBe('_italic text_');
    expect(empty.select).toEqual({ start: 1, end: 12 });
  });

  it('make a link with "https://" selected, so a pasted address replaces it whole', () => {
    const link = formatEdit('link', 'see this', { start: 4, end: 8 });
    const made = apply('see this', link);
    expect(made).toBe('see [this](https://)');
    expect(made.slice(link.select.start, link.select.end)).toBe('https://');
    const pasted = `${made.slice(0, link.select.start)}https://example.com/moon${made.slice(link.select.end)}`;
    expect(pasted).toBe('see [this](https://example.com/moon)');
  });

  it('turn every selected line into a list item or a quote, after a blank line', () => {
    const text = 'Intro\nmilk\neggs';
    expect(apply(text, formatEdit('bulleted', text, { start: 7, end: 13 }))).toBe('Intro\n\n- milk\n- eggs');
    expect(apply('a\nb', formatEdit('numbered', 'a\nb', { start: 0, end: 3 }))).toBe('1. a\n2. b');
    expect(apply('wise', formatEdit('quote', 'wise', { start: 2, end: 2 }))).toBe('> wise');
  });

  it('use a code block for several lines and backticks for a few words', () => {
    expect(apply('x = 1', formatEdit('code', 'x = 1', { start: 0, end: 5 }))).toBe('`x = 1`');
    expect(apply('a\nb', formatEdit('code', 'a\nb', { start: 0, end: 3 }))).toBe('\n```\na\nb\n```\n');
  });
});

describe('the name typed after "@"', () => {
  it('is found at the caret, at the start or after a space, up to two words', () => {
    expect(mentionQueryAt('Hi @Be', 6)).toEqual({ query: 'Be', at: 3 });
    expect(mentionQueryAt('@Bea Mo', 7)).toEqual({ query: 'Bea Mo', at: 0 });
    expect(mentionQueryAt('(@Léa', 5)).toEqual({ query: 'Léa', at: 1 });
  });

  it('is not an email address, a lone "@", or a name already ended', () => {
    expect(mentionQueryAt('bea@moon', 8)).toBeNull();
    expect(mentionQueryAt('Hi @', 4)).toBeNull();
    expect(mentionQueryAt('Hi @Bea Moon and', 16)).toBeNull();
  });
});
