import { describe, expect, it, vi } from 'vitest';

describe('zod in the browser', () => {
  it('never tries `new Function` (the CSP refuses it, and reports each try) once zod-without-eval.ts has run', async () => {
    await import('./zod-without-eval.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const tries = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ title: z.string().min(1), done: z.boolean() });
    expect(schema.parse({ title: 'Moon', done: true })).toEqual({ title: 'Moon', done: true });
    expect(tries).not.toHaveBeenCalled();
  });
});
