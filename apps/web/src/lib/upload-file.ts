import { FILE_NAME_HEADER, fileTooLargeMessage, type Media, type MediaKind } from '@lunara/shared/media';
import { ApiError, isErrorResponse, NETWORK_MESSAGE, safeJson } from './api-client.ts';

export interface UploadOptions {
  kind: MediaKind;
  file: File;
  /** The largest upload of this kind (the boot configuration's `uploadLimits`): larger is refused at once. */
  limit: number;
  /** Extra query, e.g. `{ lessonId }` for lesson media. */
  query?: Record<string, string>;
  /** Called as bytes leave the browser, with the fraction sent (0 to 1). */
  onProgress?: (fraction: number) => void;
  /** Aborting cancels the upload; the promise then rejects with an ApiError of code `CANCELLED`. */
  signal?: AbortSignal;
}

export const UPLOAD_CANCELLED = 'CANCELLED';

/**
 * Sends a file to `POST /api/media/{kind}` as the raw body, so the server streams it without buffering.
 * XMLHttpRequest rather than fetch: only it reports upload progress in every browser.
 */
export function uploadFile({ kind, file, limit, query, onProgress, signal }: UploadOptions): Promise<Media> {
  if (file.size > limit) return Promise.reject(new ApiError(fileTooLargeMessage(kind, limit), 'FILE_TOO_LARGE', 413));
  const search = query ? `?${new URLSearchParams(query)}` : '';
  return new Promise<Media>((resolve, reject) => {
    const request = new XMLHttpRequest();
    const cancel = () => request.abort();
    if (signal?.aborted) return reject(new ApiError('Upload cancelled', UPLOAD_CANCELLED, 0));
    signal?.addEventListener('abort', cancel, { once: true });
    const settle = () => signal?.removeEventListener('abort', cancel);
    request.open('POST', `/api/media/${kind}${search}`);
    request.withCredentials = true;
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader(FILE_NAME_HEADER, encodeURIComponent(file.name));
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      settle();
      const data = request.responseText ? safeJson(request.responseText) : null;
      if (request.status >= 200 && request.status < 300) return resolve(data as Media);
      if (isErrorResponse(data)) return reject(new ApiError(data.error.message, data.error.code, request.status));
      reject(new ApiError('The upload failed. Please try again', 'HTTP_ERROR', request.status));
    });
    request.addEventListener('error', () => {
      settle();
      reject(new ApiError(NETWORK_MESSAGE, 'NETWORK_ERROR', 0));
    });
    request.addEventListener('abort', () => {
      settle();
      reject(new ApiError('Upload cancelled', UPLOAD_CANCELLED, 0));
    });
    request.send(file);
  });
}
