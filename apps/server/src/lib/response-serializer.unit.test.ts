import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileResponseStringifier } from './response-serializer.ts';

const post = z.object({
  id: z.string(),
  likes: z.number().int(),
  author: z.object({ name: z.string(), avatarUrl: z.string().nullable() }),
  editedAt: z.string().nullable(),
  tags: z.array(z.enum(['moon', 'sun'])),
  note: z.string().optional(),
});

describe('compiled response stringifier', () => {
  const stringify = compileResponseStringifier(post);

  it('writes what the schema declares, with nulls, and leaves out anything else', () => {
    expect(stringify).toBeDefined();
    const json = stringify?.({
      id: 'p1',
      likes: 3,
      author: { name: 'Ana', avatarUrl: null, passwordHash: 'never sent' },
      editedAt: null,
      tags: ['moon'],
      secret: 'never sent',
    });
    expect(JSON.parse(json ?? '')).toEqual({
      id: 'p1',
      likes: 3,
      author: { name: 'Ana', avatarUrl: null },
      editedAt: null,
      tags: ['moon'],
    });
  });

  it('refuses a response without a required field', () => {
    expect(() => stringify?.({ id: 'p1', author: { name: 'Ana', avatarUrl: null }, editedAt: null, tags: [] })).toThrow(
      /likes/,
    );
  });

  it('leaves what JSON Schema cannot express to zod', () => {
    expect(compileResponseStringifier(z.object({ at: z.date() }))).toBeUndefined();
  });
});
