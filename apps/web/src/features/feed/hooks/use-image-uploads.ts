import { ACCEPT_ATTRIBUTE, POST_IMAGES_MAX, POST_IMAGES_TOO_MANY, wrongTypeMessage } from '@lunara/shared/media';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { UPLOAD_CANCELLED, uploadFile } from '../../../lib/upload-file.ts';
import { useUploadLimit } from '../../app-config/api/upload-limit.ts';
import { deleteUpload } from '../api/delete-upload.ts';

export interface ImageUpload {
  key: string;
  fileName: string;
  /** An object URL of the chosen file, for the thumbnail (revoked when the image leaves the form). */
  previewUrl: string;
  status: 'uploading' | 'ready' | 'failed';
  /** 0 to 1 while uploading. */
  progress: number;
  mediaId?: string;
  error?: string;
  alt: string;
}

const ACCEPTED = new Set(ACCEPT_ATTRIBUTE.post_image.split(','));
let nextKey = 0;

/**
 * The composer's images: each chosen file uploads at once (so that sharing does not wait for all of
 * them), with progress, cancel and remove; at most POST_IMAGES_MAX. Uploads still in the form when it
 * goes away are cancelled or removed from the server.
 */
export function useImageUploads() {
  const limit = useUploadLimit('post_image');
  const [images, setImages] = useState<ImageUpload[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const current = useRef(images);
  current.current = images;

  const update = useCallback((key: string, change: Partial<ImageUpload>) => {
    setImages((list) => list.map((image) => (image.key === key ? { ...image, ...change } : image)));
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      const room = POST_IMAGES_MAX - current.current.length;
      setNotice(files.length > room ? POST_IMAGES_TOO_MANY : null);
      const added = files.slice(0, Math.max(0, room)).map((file) => {
        const key = `image-${nextKey++}`;
        // The server checks the content; a type the browser already knows is wrong need not be sent.
        const knownWrong = file.type !== '' && !ACCEPTED.has(file.type);
        const image: ImageUpload = {
          key,
          fileName: file.name,
          previewUrl: knownWrong ? '' : URL.createObjectURL(file),
          status: knownWrong ? 'failed' : 'uploading',
          progress: 0,
          error: knownWrong ? wrongTypeMessage('post_image') : undefined,
          alt: '',
        };
        if (!knownWrong) {
          const controller = new AbortController();
          controllers.current.set(key, controller);
          uploadFile({
            kind: 'post_image',
            file,
            limit,
            signal: controller.signal,
            onProgress: (progress) => update(key, { progress }),
          })
            .then((media) => update(key, { status: 'ready', progress: 1, mediaId: media.id }))
            .catch((error: unknown) => {
              if (error instanceof ApiError && error.code === UPLOAD_CANCELLED) return;
              // A refused file may be no picture at all: no broken thumbnail.
              URL.revokeObjectURL(image.previewUrl);
              update(key, {
                status: 'failed',
                previewUrl: '',
                error: error instanceof Error ? error.message : 'The upload failed. Please try again',
              });
            })
            .finally(() => controllers.current.delete(key));
        }
        return image;
      });
      if (added.length > 0) setImages((list) => [...list, ...added]);
    },
    [limit, update],
  );

  /** Cancels it while uploading, deletes it from the server once uploaded; either way it leaves the form. */
  const remove = useCallback((key: string) => {
    const image = current.current.find((each) => each.key === key);
    if (!image) return;
    controllers.current.get(key)?.abort();
    if (image.mediaId) deleteUpload(image.mediaId);
    if (image.previewUrl) URL.revokeObjectURL(image.previewUrl);
    setImages((list) => list.filter((each) => each.key !== key));
    setNotice(null);
  }, []);

  const setAlt = useCallback((key: string, alt: string) => update(key, { alt }), [update]);

  /** After the post is shared: the uploads are the post's now, so only the previews go. */
  const clearShared = useCallback(() => {
    for (const image of current.current) if (image.previewUrl) URL.revokeObjectURL(image.previewUrl);
    current.current = [];
    setImages([]);
    setNotice(null);
  }, []);

  useEffect(
    () => () => {
      for (const controller of controllers.current.values()) controller.abort();
      for (const image of current.current) {
        if (image.mediaId) deleteUpload(image.mediaId);
        if (image.previewUrl) URL.revokeObjectURL(image.previewUrl);
      }
    },
    [],
  );

  return {
    images,
    notice,
    isUploading: images.some((image) => image.status === 'uploading'),
    /** What the post sends: the finished uploads in the order shown (failed ones are left out). */
    ready: images.flatMap((image) =>
      image.status === 'ready' && image.mediaId ? [{ mediaId: image.mediaId, alt: image.alt }] : [],
    ),
    add,
    remove,
    setAlt,
    clearShared,
  };
}
