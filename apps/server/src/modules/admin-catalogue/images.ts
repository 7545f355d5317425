import { IMAGE_UPLOAD_LIMITS, IMAGE_WIDTHS } from '@rebound/contract/admin-catalogue';
import type { ImageVariant } from '@rebound/contract/catalog';
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import type { MediaStorage } from '../../adapters/storage/types';
import { AppError } from '../../lib/errors';

// Uploaded product photos: decoded by sharp (an image is what sharp can decode, whatever its name
// or Content-Type says), turned upright from its EXIF orientation, resized to the widths the pages
// use and written as AVIF, WebP and JPEG. sharp writes no metadata unless asked, so EXIF (camera,
// GPS position) and XMP never reach the stored files; the original upload is not kept either.
//
// Memory stays bounded (docs/decisions/047): the pixel count is read from the header before any
// decoding and a photo over IMAGE_UPLOAD_LIMITS.maxPixels is refused at once; photos are processed
// one at a time, each decoded once straight to its largest copy; libvips keeps no operation cache
// (it held on to the decoded pixels of past photos) and uses one thread per photo, leaving the other
// cores to the shoppers.
sharp.cache(false);
sharp.concurrency(1);

/** Formats a photo may arrive in. SVG is refused: it is a document, not a photo. */
const ACCEPTED_INPUT = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

const ENCODERS: Record<ImageVariant['format'], { ext: string; type: string; encode: (s: Sharp) => Sharp }> = {
  // Effort 2: AVIF at the default effort takes seconds per large photo on a small server.
  avif: { ext: 'avif', type: 'image/avif', encode: (s) => s.avif({ quality: 55, effort: 2 }) },
  webp: { ext: 'webp', type: 'image/webp', encode: (s) => s.webp({ quality: 78 }) },
  jpeg: { ext: 'jpg', type: 'image/jpeg', encode: (s) => s.jpeg({ quality: 82, mozjpeg: true }) },
};

export interface ProcessedImage {
  /** Pixel size of the largest copy (after turning it upright). */
  width: number;
  height: number;
  variants: ImageVariant[];
  /** The largest JPEG: what places without srcset (and link previews) use. */
  fallbackUrl: string;
}

/** The widths made for a photo `sourceWidth` wide: the page widths below it, and never an upscale. */
export function variantWidths(sourceWidth: number): number[] {
  const below = IMAGE_WIDTHS.filter((w) => w < sourceWidth);
  const top = Math.min(sourceWidth, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
  return [...new Set([...below, top])].sort((a, b) => a - b);
}

/** Storage key of one copy: `<storageKey>/<width>.<ext>`. */
export function variantKey(storageKey: string, width: number, format: ImageVariant['format']): string {
  return `${storageKey}/${width}.${ENCODERS[format].ext}`;
}

/** Every key an image's copies may use (for deleting them). */
export function variantKeys(storageKey: string, variants: readonly ImageVariant[]): string[] {
  return variants.map((v) => variantKey(storageKey, v.width, v.format));
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/**
 * Checks that `bytes` is a photo within the limits and writes its copies under `storageKey`.
 * Throws AppError not_an_image / image_too_many_pixels with the file's name in the message.
 */
export async function processImage(
  storage: MediaStorage,
  storageKey: string,
  name: string,
  bytes: Buffer,
): Promise<ProcessedImage> {
  if (bytes.length > IMAGE_UPLOAD_LIMITS.maxFileBytes) {
    throw new AppError('image_too_large', {
      params: { name, limit: megabytes(IMAGE_UPLOAD_LIMITS.maxFileBytes) },
    });
  }
  const options: SharpOptions = {
    limitInputPixels: IMAGE_UPLOAD_LIMITS.maxPixels,
    failOn: 'error',
    // One frame of an animated GIF or a multi-page TIFF.
    pages: 1,
  };
  let meta: Metadata;
  try {
    // Headers only (no pixel limit yet): a huge photo gets its own message below.
    meta = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('not_an_image', { params: { name } });
  }
  if (!meta.format || !ACCEPTED_INPUT.has(meta.format) || !meta.width || !meta.height) {
    throw new AppError('not_an_image', { params: { name } });
  }
  if (meta.width * meta.height > IMAGE_UPLOAD_LIMITS.maxPixels) {
    throw new AppError('image_too_many_pixels', {
      params: { name, limit: String(IMAGE_UPLOAD_LIMITS.maxPixels / 1_000_000) },
    });
  }
  // Orientations 5-8 swap width and height once turned upright.
  const swapped = (meta.orientation ?? 1) >= 5;
  const uprightWidth = swapped ? meta.height : meta.width;
  const uprightHeight = swapped ? meta.width : meta.height;

  const widths = variantWidths(uprightWidth);
  const top = widths[widths.length - 1]!;
  let largest: Buffer;
  try {
    // Decoded once, straight to the largest width the pages use (a JPEG is shrunk while it is
    // decoded, a PNG read a strip at a time), turned upright, in sRGB; the smaller copies are made
    // from this one rather than from the whole decoded photo.
    largest = await sharp(bytes, options)
      .rotate()
      .resize({ width: top, withoutEnlargement: true })
      .toColourspace('srgb')
      .png({ compressionLevel: 0 })
      .toBuffer();
  } catch {
    // Headers that read but pixels that do not (a truncated file).
    throw new AppError('not_an_image', { params: { name } });
  }

  const variants: ImageVariant[] = [];
  for (const width of widths) {
    const resized = sharp(largest).resize({ width, withoutEnlargement: true });
    for (const format of ['avif', 'webp', 'jpeg'] as const) {
      const out = await ENCODERS[format].encode(resized.clone()).toBuffer();
      const key = variantKey(storageKey, width, format);
      await storage.put(key, out, ENCODERS[format].type);
      variants.push({ format, width, url: storage.url(key) });
    }
  }
  return {
    width: top,
    height: Math.round((uprightHeight * top) / uprightWidth),
    variants,
    fallbackUrl: storage.url(variantKey(storageKey, top, 'jpeg')),
  };
}
