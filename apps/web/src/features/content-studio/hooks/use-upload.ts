import type { Media, MediaKind } from '@lunara/shared/media';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { UPLOAD_CANCELLED, uploadFile } from '../../../lib/upload-file.ts';
import { useUploadLimit } from '../../app-config/api/upload-limit.ts';

export interface UploadState {
  /** The file on its way, or null. */
  fileName: string | null;
  /** 0 to 1. */
  progress: number;
  error: string | null;
}

/**
 * One upload at a time of one kind, with progress and Cancel; leaving the page cancels it. `start`
 * resolves with the stored file, or null when it was cancelled or failed (the error is in the state).
 */
export function useUpload(kind: MediaKind, query: Record<string, string>) {
  const limit = useUploadLimit(kind);
  const [state, setState] = useState<UploadState>({ fileName: null, progress: 0, error: null });
  const controller = useRef<AbortController | null>(null);
  // By value: callers pass a new object on every render, which must not make a new `start`.
  const queryText = JSON.stringify(query);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (file: File): Promise<Media | null> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ fileName: file.name, progress: 0, error: null });
      try {
        const media = await uploadFile({
          kind,
          file,
          limit,
          query: JSON.parse(queryText) as Record<string, string>,
          signal: abort.signal,
          onProgress: (progress) => setState((now) => ({ ...now, progress })),
        });
        setState({ fileName: null, progress: 0, error: null });
        return media;
      } catch (error) {
        const cancelled = error instanceof ApiError && error.code === UPLOAD_CANCELLED;
        setState({
          fileName: null,
          progress: 0,
          error: cancelled ? null : error instanceof Error ? error.message : 'The upload failed. Please try again',
        });
        return null;
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [kind, limit, queryText],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { ...state, isUploading: state.fileName !== null, limit, start, cancel };
}
