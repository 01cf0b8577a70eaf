import { ACCEPT_ATTRIBUTE, ACCEPTED_TYPES_TEXT, FILE_EMPTY, formatBytes, wrongTypeMessage } from '@lunara/shared/media';
import { Camera, Trash2, X } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { UPLOAD_CANCELLED } from '../../../lib/upload-file.ts';
import { useUploadLimit } from '../../app-config/api/upload-limit.ts';
import { useRemoveAvatar, useUploadAvatar } from '../api/avatar.ts';

const ACCEPTED = ACCEPT_ATTRIBUTE.avatar.split(',');

/** What is wrong with a picked file before it is sent, if anything (the server checks its content too). */
function checkPickedFile(file: File): string | null {
  if (file.size === 0) return FILE_EMPTY;
  // A type the browser knows and that is not an image we take; an unknown type is left to the server.
  if (file.type && !ACCEPTED.includes(file.type)) return wrongTypeMessage('avatar');
  return null;
}

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again';

/**
 * Her photo in My Profile: picked, it uploads at once (with progress and Cancel) and becomes her avatar
 * everywhere; Remove brings her initial back. Lives beside the name and bio without touching them.
 */
export function ProfilePhoto({ userId, name, avatarUrl }: { userId: string; name: string; avatarUrl: string | null }) {
  const id = useId();
  const inputId = `${id}-photo`;
  const errorId = `${id}-photo-error`;
  const limit = useUploadLimit('avatar');
  const upload = useUploadAvatar(userId);
  const remove = useRemoveAvatar(userId);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  // Closing the form or the dialog mid-upload cancels it: she never saw it finish.
  useEffect(() => () => abort.current?.abort(), []);

  const isUploading = upload.isPending;
  const isBusy = isUploading || remove.isPending;
  // Cancel and Remove disappear when they are done: focus goes back to the picker, once it is enabled again.
  const refocus = useRef(false);
  useEffect(() => {
    if (isBusy || !refocus.current) return;
    refocus.current = false;
    input.current?.focus();
  }, [isBusy]);

  function handlePick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again (after an error) is a change too.
    event.target.value = '';
    if (!file) return;
    const refused = checkPickedFile(file);
    setError(refused);
    if (refused) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    upload.mutate(
      { file, limit, signal: controller.signal, onProgress: setProgress },
      {
        onError: (failure) => {
          if (!(failure instanceof ApiError && failure.code === UPLOAD_CANCELLED)) setError(messageOf(failure));
        },
        onSettled: () => {
          if (abort.current === controller) abort.current = null;
        },
      },
    );
  }

  function handleCancel() {
    refocus.current = true;
    abort.current?.abort();
  }

  function handleRemove() {
    setError(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        refocus.current = true;
      },
      onError: (failure) => setError(messageOf(failure)),
    });
  }

  return (
    <div className="flex items-start gap-4">
      <Avatar name={name} src={avatarUrl} className="size-16 text-xl" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPT_ATTRIBUTE.avatar}
            disabled={isBusy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={handlePick}
            className="peer sr-only"
          />
          <label
            htmlFor={inputId}
            aria-disabled={isBusy || undefined}
            className={cn(
              buttonClasses('outline', 'sm'),
              'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-500',
            )}
          >
            <Camera className="size-4" aria-hidden="true" />
            {avatarUrl ? 'Change photo' : 'Upload photo'}
          </label>
          {avatarUrl && !isUploading && (
            <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={handleRemove}>
              <Trash2 className="size-4" aria-hidden="true" />
              {remove.isPending ? 'Removing...' : 'Remove photo'}
            </Button>
          )}
        </div>
        {isUploading ? (
          <div className="flex items-center gap-3">
            <Progress value={Math.round(progress * 100)} label="Uploading your photo" className="flex-1" />
            <span className="w-10 text-right text-xs text-ink-muted tabular-nums">{Math.round(progress * 100)}%</span>
            <Button variant="outline" size="sm" onClick={handleCancel}>
              <X className="size-4" aria-hidden="true" /> Cancel upload
            </Button>
          </div>
        ) : (
          <p className="text-xs text-ink-muted">
            {ACCEPTED_TYPES_TEXT.avatar.replace(/^a/, 'A')}, at most {formatBytes(limit)}.
          </p>
        )}
        {error && (
          <p id={errorId} role="alert" className="text-sm text-danger [overflow-wrap:anywhere]">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
