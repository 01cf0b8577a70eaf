import type { ErrorResponse } from '@lunara/shared/api';
import { IDEMPOTENCY_KEY_HEADER } from '@lunara/shared/idempotency';
import { serverRender } from './server-render.ts';

/** An API failure with the server's own message, ready to show to the member. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A keyset-paged list's address for one page (the first page has no cursor). */
export const withCursor = (path: string, cursor: string | null) =>
  cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path;

export const NETWORK_MESSAGE = 'We could not reach the server. Check your connection and try again.';

export interface ApiRequest {
  method?: string;
  body?: unknown;
  /**
   * One key per thing the member means to create, the same on every retry of it: the server answers a
   * repeat (a double click, a retry after a dropped connection) with the first answer instead of creating
   * it again. See `useIdempotencyKey`.
   */
  idempotencyKey?: string;
}

/** The one way the app talks to the API: JSON in and out, cookies included, errors as ApiError. */
export async function apiFetch<T>(path: string, init: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> =
    init.body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' };
  if (init.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = init.idempotencyKey;
  let response: Response;
  // While the server prerenders a page, it answers the page's reads itself.
  const send = serverRender()?.transport ?? fetch;
  try {
    response = await send(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(NETWORK_MESSAGE, 'NETWORK_ERROR', 0);
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    if (isErrorResponse(data)) throw new ApiError(data.error.message, data.error.code, response.status);
    throw new ApiError('Something went wrong', 'HTTP_ERROR', response.status);
  }
  return data as T;
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// A hand check rather than the zod schema: it keeps zod out of the first page's bundle.
export function isErrorResponse(data: unknown): data is ErrorResponse {
  const error = (data as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}
