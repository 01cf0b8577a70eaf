import { apiFetch } from '../../../lib/api-client.ts';

/** Removes one of her uploads not on a post yet. Best effort: the server deletes unposted ones after a day anyway. */
export function deleteUpload(mediaId: string): void {
  apiFetch<{ ok: true }>(`/api/media/${mediaId}`, { method: 'DELETE' }).catch(() => undefined);
}
