import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient } from './query-client.ts';

const failWith = (status: number) => () => Promise.reject(new ApiError('No', 'X', status));

describe('a 401 while signed in (her session ended elsewhere: sign-out, reset, suspension)', () => {
  it('asks /api/me again, so that the guards send her to /auth', async () => {
    const client = createQueryClient();
    client.setQueryData(['me'], { user: { id: 'ana' } });
    await client.fetchQuery({ queryKey: ['posts'], queryFn: failWith(401) }).catch(() => {});
    expect(client.getQueryState(['me'])?.isInvalidated).toBe(true);
  });

  it('leaves /api/me alone for other failures and for visitors', async () => {
    const client = createQueryClient();
    client.setQueryData(['me'], { user: { id: 'ana' } });
    await client.fetchQuery({ queryKey: ['posts'], queryFn: failWith(403) }).catch(() => {});
    expect(client.getQueryState(['me'])?.isInvalidated).toBe(false);
    const visitor = createQueryClient();
    visitor.setQueryData(['me'], { user: null });
    await visitor.fetchQuery({ queryKey: ['lesson'], queryFn: failWith(401) }).catch(() => {});
    expect(visitor.getQueryState(['me'])?.isInvalidated).toBe(false);
  });
});
