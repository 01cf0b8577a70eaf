import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { cn } from '../lib/cn.ts';

export interface ViewerImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

interface ImageViewerProps {
  images: readonly ViewerImage[];
  /** The image shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Read by screen readers as the dialog's name, e.g. "Images from Luna". */
  title: string;
  /** Where focus goes back on closing (the image that opened it). */
  returnFocusTo?: HTMLElement | null;
}

/** How far (px) a finger must travel sideways for a swipe rather than a tap. */
const SWIPE_DISTANCE = 40;

/**
 * Full-size images one at a time over a dark backdrop: previous and next by buttons, the arrow keys or a
 * swipe; Escape or × closes and focus goes back to the image that opened it.
 */
export function ImageViewer({ images, index, onIndexChange, onClose, title, returnFocusTo }: ImageViewerProps) {
  const content = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<{ x: number; y: number; id: number } | null>(null);
  const image = index === null ? undefined : images[index];
  const count = images.length;
  const go = (step: number) => {
    if (index === null || count < 2) return;
    onIndexChange((index + step + count) % count);
  };

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  }

  function handlePointerDown(event: PointerEvent) {
    if (event.pointerType === 'mouse') return;
    swipeStart.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  }
  function handlePointerUp(event: PointerEvent) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(dy)) return;
    // Swiping left brings the next image in from the right, as on a phone's photo app.
    go(dx < 0 ? 1 : -1);
  }

  return (
    <DialogPrimitive.Root open={image !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-night-950" />
        <DialogPrimitive.Content
          ref={content}
          onKeyDown={handleKeyDown}
          // The viewer itself takes focus (not its first button), so the arrow keys work at once.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            content.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (returnFocusTo?.isConnected) {
              event.preventDefault();
              returnFocusTo.focus();
            }
          }}
          // The whole screen, its controls and caption clear of a notch and the home indicator. Drawn on
          // night-950 in both themes, so it keeps the light theme's tokens.
          data-theme="light"
          className="fixed inset-0 z-50 flex flex-col bg-night-950 pt-[env(safe-area-inset-top)] pr-[env(safe-area-inset-right)] pb-[env(safe-area-inset-bottom)] pl-[env(safe-area-inset-left)] text-moon-50 outline-none"
        >
          <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <p aria-live="polite" className="text-sm font-medium tabular-nums">
              {index !== null && count > 1 ? `${index + 1} of ${count}` : ''}
            </p>
            <DialogPrimitive.Close
              className="rounded-full p-2.5 text-moon-50 hover:bg-moon-50/10 focus-visible:outline-2 focus-visible:outline-gold-400"
              aria-label="Close"
            >
              <X className="size-6" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <div
            className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 select-none sm:px-16"
            onPointerDown={handlePointerDown}
            onPointerUp={handlePointerUp}
            onPointerCancel={() => {
              swipeStart.current = null;
            }}
          >
            {image && (
              <img
                key={image.src}
                src={image.src}
                alt={image.alt}
                width={image.width}
                height={image.height}
                draggable={false}
                className="h-full max-h-full w-full max-w-full object-contain"
              />
            )}
            {count > 1 && (
              <>
                <ViewerStep direction="previous" onClick={() => go(-1)} />
                <ViewerStep direction="next" onClick={() => go(1)} />
              </>
            )}
          </div>
          <DialogPrimitive.Description
            className={cn(
              'mx-auto max-w-2xl px-4 py-4 text-center text-sm text-moon-100 [overflow-wrap:anywhere]',
              !image?.alt && 'sr-only',
            )}
          >
            {image?.alt || 'No description'}
          </DialogPrimitive.Description>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function ViewerStep({ direction, onClick }: { direction: 'previous' | 'next'; onClick: () => void }) {
  const Icon = direction === 'previous' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={direction === 'previous' ? 'Previous image' : 'Next image'}
      className={cn(
        'absolute top-1/2 -translate-y-1/2 rounded-full bg-night-950/60 p-2 text-moon-50 ring-1 ring-moon-50/25 hover:bg-night-800',
        'focus-visible:outline-2 focus-visible:outline-gold-400',
        direction === 'previous' ? 'left-2' : 'right-2',
      )}
    >
      <Icon className="size-7" aria-hidden="true" />
    </button>
  );
}
