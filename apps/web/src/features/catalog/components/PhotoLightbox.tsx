import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ProductImage } from '@rebound/contract/catalog';
import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight, X, ZoomIn, ZoomOut } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { clampPan, DOUBLE_TAP_MS, gestureOf, stepIndex, ZOOM_SCALE } from '../lightbox-gestures';

// The product photos opened large (ProductGallery.tsx loads this file lazily, on the first open): a
// modal dialog (Radix: focus kept inside, Escape closes, focus back to the photo), the largest copy
// of each photo, arrows and swipes between photos, click or double tap to zoom 2x, drag to pan.

/** The widest copy of a photo in one format, or null. */
function largest(image: ProductImage, format: 'avif' | 'webp' | 'jpeg'): string | null {
  const copies = (image.variants ?? []).filter((v) => v.format === format);
  if (copies.length === 0) return null;
  return copies.reduce((a, b) => (b.width > a.width ? b : a)).url;
}

/** One photo at its largest size: AVIF, WebP, then JPEG (or the one url of a seeded picture). */
function LargePhoto({ image, alt }: { image: ProductImage; alt: string }) {
  const avif = largest(image, 'avif');
  const webp = largest(image, 'webp');
  const jpeg = largest(image, 'jpeg') ?? image.url;
  return (
    <picture>
      {avif ? <source type="image/avif" srcSet={avif} /> : null}
      {webp ? <source type="image/webp" srcSet={webp} /> : null}
      <img
        src={jpeg}
        alt={alt}
        width={image.width ?? undefined}
        height={image.height ?? undefined}
        draggable={false}
        className="max-h-[calc(100dvh-8rem)] max-w-full object-contain select-none"
        data-testid="lightbox-photo"
      />
    </picture>
  );
}

const roundButton =
  'inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-ink-900 shadow-card transition-colors hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export interface PhotoLightboxProps {
  images: readonly ProductImage[];
  title: string;
  /** The photo shown first. */
  startIndex: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back when the viewer closes (the photo that opened it). */
  returnFocusTo?: HTMLElement | null;
}

export default function PhotoLightbox({
  images,
  title,
  startIndex,
  open,
  onOpenChange,
  returnFocusTo,
}: PhotoLightboxProps) {
  const [index, setIndex] = useState(startIndex);
  const [zoomed, setZoomed] = useState(false);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const stage = useRef<HTMLDivElement>(null);
  const pointer = useRef<{ id: number; x: number; y: number; panX: number; panY: number } | null>(null);
  const lastTap = useRef(0);

  // Each opening starts at the photo clicked, not zoomed.
  useEffect(() => {
    if (open) {
      setIndex(startIndex);
      setZoomed(false);
      setPan({ x: 0, y: 0 });
    }
  }, [open, startIndex]);

  const count = images.length;
  const current = images[Math.min(index, count - 1)];
  if (!current) return null;

  function go(by: 1 | -1) {
    setIndex((i) => stepIndex(i, by, count));
    setZoomed(false);
    setPan({ x: 0, y: 0 });
  }

  function toggleZoom() {
    setZoomed((z) => !z);
    setPan({ x: 0, y: 0 });
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowRight' && count > 1) {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft' && count > 1) {
      event.preventDefault();
      go(-1);
    }
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    pointer.current = { id: event.pointerId, x: event.clientX, y: event.clientY, panX: pan.x, panY: pan.y };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const p = pointer.current;
    if (!p || p.id !== event.pointerId || !zoomed) return;
    const box = stage.current?.getBoundingClientRect() ?? { width: 0, height: 0 };
    setPan(clampPan(p.panX + event.clientX - p.x, p.panY + event.clientY - p.y, box));
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const p = pointer.current;
    if (!p || p.id !== event.pointerId) return;
    pointer.current = null;
    const gesture = gestureOf(event.clientX - p.x, event.clientY - p.y, zoomed);
    if (gesture === 'next' && count > 1) go(1);
    else if (gesture === 'previous' && count > 1) go(-1);
    else if (gesture === 'tap') {
      // A mouse click zooms; on a touch screen a single tap is too easy to make by accident, so a
      // double tap zooms.
      if (event.pointerType !== 'touch') toggleZoom();
      else if (event.timeStamp - lastTap.current < DOUBLE_TAP_MS) {
        lastTap.current = 0;
        toggleZoom();
      } else lastTap.current = event.timeStamp;
    }
  }

  const alt = current.alt || title;
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-[60] bg-ink-950/95 data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            if (returnFocusTo?.isConnected) {
              event.preventDefault();
              returnFocusTo.focus();
            }
          }}
          className="fixed inset-0 z-[60] flex flex-col text-white focus:outline-none"
        >
          <div className="flex items-center justify-between gap-3 p-3 sm:p-4">
            <DialogPrimitive.Title className="min-w-0 truncate text-sm font-semibold sm:text-base">
              {title}
              <span className="sr-only">, photos</span>
            </DialogPrimitive.Title>
            <div className="flex shrink-0 items-center gap-2">
              <span className="text-sm tabular-nums" aria-live="polite" data-testid="lightbox-position">
                {`Photo ${Math.min(index, count - 1) + 1} of ${count}`}
              </span>
              <button
                type="button"
                className={roundButton}
                onClick={toggleZoom}
                aria-pressed={zoomed}
                aria-label={zoomed ? 'Zoom out' : 'Zoom in'}
              >
                {zoomed ? (
                  <ZoomOut className="size-5" aria-hidden="true" />
                ) : (
                  <ZoomIn className="size-5" aria-hidden="true" />
                )}
              </button>
              <DialogPrimitive.Close className={roundButton} aria-label="Close photos">
                <X className="size-5" aria-hidden="true" />
              </DialogPrimitive.Close>
            </div>
          </div>

          <div className="relative flex min-h-0 flex-1 items-center justify-center overflow-hidden">
            <div
              ref={stage}
              // The page must not scroll or zoom under a finger: the gestures are ours.
              className={clsx(
                'flex size-full touch-none items-center justify-center',
                zoomed ? 'cursor-grab active:cursor-grabbing' : 'cursor-zoom-in',
              )}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={() => {
                pointer.current = null;
              }}
              data-testid="lightbox-stage"
            >
              <div
                className={clsx(!pointer.current && 'transition-transform duration-200')}
                style={{
                  transform: zoomed ? `translate(${pan.x}px, ${pan.y}px) scale(${ZOOM_SCALE})` : undefined,
                }}
              >
                <LargePhoto key={current.url} image={current} alt={alt} />
              </div>
            </div>
            {count > 1 ? (
              <>
                <button
                  type="button"
                  className={clsx(roundButton, 'absolute top-1/2 left-3 -translate-y-1/2')}
                  onClick={() => go(-1)}
                  aria-label="Previous photo"
                >
                  <ChevronLeft className="size-6" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={clsx(roundButton, 'absolute top-1/2 right-3 -translate-y-1/2')}
                  onClick={() => go(1)}
                  aria-label="Next photo"
                >
                  <ChevronRight className="size-6" aria-hidden="true" />
                </button>
              </>
            ) : null}
          </div>
          <p className="p-3 text-center text-xs text-white/70 sm:hidden">
            Swipe for the next photo; double tap to zoom.
          </p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
