import type { ProductImage } from '@rebound/contract/catalog';
import { clsx } from 'clsx';
import { ImageOff } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { ProductPicture } from './ProductPicture';

// The large viewer loads on the first open (or when the pointer comes near): it is not in the
// product page's first script (docs/decisions/068-first-javascript-on-a-phone.md).
const loadLightbox = () => import('./PhotoLightbox');
const PhotoLightbox = lazy(loadLightbox);

type ProductGalleryProps = {
  images: readonly ProductImage[];
  title: string;
  /** Load the main image at once (the product page's largest element). */
  priority?: boolean;
  className?: string;
};

/**
 * A main image with thumbnails underneath; thumbnails are buttons, so the gallery works by keyboard.
 * The main image is a button too: it opens the photos large (PhotoLightbox.tsx).
 */
export function ProductGallery({ images, title, priority = false, className }: ProductGalleryProps) {
  const [index, setIndex] = useState(0);
  // A photo the shopper picked fades in; the first one shows at once: it is the page's largest
  // element, and a fade from transparent would put off its first paint (the LCP), decision 040.
  const [picked, setPicked] = useState(false);
  const current = images[Math.min(index, images.length - 1)];
  const [large, setLarge] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  return (
    <div className={clsx('flex flex-col gap-3', className)}>
      <div className="relative aspect-square overflow-hidden rounded-card bg-white ring-1 ring-ink-200/80">
        {current ? (
          <button
            ref={opener}
            type="button"
            className="block size-full cursor-zoom-in"
            aria-label={`Open photo ${Math.min(index, images.length - 1) + 1} of ${images.length} large`}
            aria-haspopup="dialog"
            onPointerEnter={() => void loadLightbox()}
            onFocus={() => void loadLightbox()}
            onClick={() => {
              setEverOpened(true);
              setLarge(true);
            }}
          >
            <ProductPicture
              key={current.url}
              image={current}
              sizes="(min-width: 1280px) 640px, (min-width: 1024px) 52vw, 100vw"
              alt={current.alt || title}
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : 'auto'}
              decoding={priority ? 'auto' : 'async'}
              className={clsx('size-full object-cover', picked && 'animate-fade-in')}
            />
          </button>
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-ink-500">
            <ImageOff className="size-10" aria-hidden="true" />
            <span className="text-sm">No photo yet</span>
          </div>
        )}
        {images.length > 1 ? (
          <span className="absolute right-3 bottom-3 rounded-full bg-ink-900/75 px-2.5 py-1 text-xs font-semibold text-white tabular-nums">
            {index + 1} / {images.length}
          </span>
        ) : null}
      </div>

      {everOpened ? (
        <Suspense fallback={null}>
          <PhotoLightbox
            images={images}
            title={title}
            startIndex={Math.min(index, images.length - 1)}
            open={large}
            onOpenChange={setLarge}
            returnFocusTo={opener.current}
          />
        </Suspense>
      ) : null}

      {images.length > 1 ? (
        <ul className="grid grid-cols-5 gap-2" aria-label="Product photos">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => {
                  setIndex(i);
                  setPicked(true);
                }}
                aria-label={`Show photo ${i + 1} of ${images.length}`}
                aria-pressed={i === index}
                className={clsx(
                  'block aspect-square w-full overflow-hidden rounded-lg bg-white ring-1 transition',
                  i === index
                    ? 'ring-2 ring-brand-600'
                    : 'ring-ink-200 opacity-80 hover:opacity-100 hover:ring-ink-300',
                )}
              >
                <ProductPicture
                  image={image}
                  sizes="120px"
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
