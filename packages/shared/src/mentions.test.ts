import { describe, expect, it } from 'vitest';
import { MAX_MENTIONS_NOTIFIED, mentionToken, newlyMentioned, parseMentions } from './mentions.ts';

const BEA = 'Xy7_Bea-12';
const CLEO = '0b8a2c9e-4f1d-4a57-9a63-2f4b9c1d7e10';

describe('mention tokens', () => {
  it('are built from a name and an id, brackets in the name made harmless', () => {
    expect(mentionToken('Bea Moon', BEA)).toBe(`@[Bea Moon](member:${BEA})`);
    expect(mentionToken('Bea [admin]', BEA)).toBe(`@[Bea (admin)](member:${BEA})`);
    expect(parseMentions(mentionToken('Bea ]](member:evil)', BEA))).toEqual([
      { userId: BEA, displayName: 'Bea ))(member:evil)' },
    ]);
  });

  it('are read in order, each member once, ids kept exactly (they are case-sensitive)', () => {
    const text = `Hi @[Bea](member:${BEA}), @[Cleo](member:${CLEO}) and @[Bea again](member:${BEA})`;
    expect(parseMentions(text)).toEqual([
      { userId: BEA, displayName: 'Bea' },
      { userId: CLEO, displayName: 'Cleo' },
    ]);
    expect(parseMentions(`@[bea](member:${BEA.toLowerCase()})`)[0]?.userId).toBe(BEA.toLowerCase());
  });

  it('are not found in code, plain links, or broken tokens', () => {
    const text = [
      `\`@[Bea](member:${BEA})\``,
      '```',
      `@[Cleo](member:${CLEO})`,
      '```',
      `[Bea](member:${BEA})`,
      `@[Bea](https://example.com)`,
      `@[](member:${BEA})`,
      `@[Bea](member:${BEA} "title")`,
      `@[Bea](member:has space)`,
    ].join('\n');
    expect(parseMentions(text)).toEqual([]);
  });

  it('on an edit, only the members mentioned for the first time are new', () => {
    const before = `@[Bea](member:${BEA})`;
    expect(newlyMentioned(`${before} @[Cleo](member:${CLEO})`, before)).toEqual([CLEO]);
    expect(newlyMentioned(before, `${before} @[Cleo](member:${CLEO})`)).toEqual([]);
    expect(newlyMentioned(before)).toEqual([BEA]);
  });

  it('notify at most ten members a text', () => {
    expect(MAX_MENTIONS_NOTIFIED).toBe(10);
  });
});
