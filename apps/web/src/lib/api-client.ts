import type { ErrorResponse } from '@lunara/shared/api';

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

const NETWORK_MESSAGE = 'We could not reach the server. Check your connection and try again.';

/** The one way the app talks to the API: JSON in and out, cookies included, errors as ApiError. */
export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: init.body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// A hand check rather than the zod schema: it keeps zod out of the first page's bundle.
function isErrorResponse(data: unknown): data is ErrorResponse {
  const error = (data as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}
