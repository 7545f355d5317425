import { errorMessage } from '@rebound/contract/errors';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { createMediaStorage } from '../../adapters/storage';
import { localStorage } from '../../adapters/storage/local';

/** Where the JPEG preview of a seeded SVG picture is served: `/media-previews/products/<name>.jpg`. */
export const PREVIEW_PREFIX = '/media-previews/';
/** Link previews want a large raster image; the seeded pictures are square. */
export const PREVIEW_SIZE = 1200;

/** `/media/products/<name>.svg` -> its preview's path, or null for anything else. */
export function previewPathForSvg(url: string): string | null {
  const m = /^\/media\/products\/([A-Za-z0-9_-]+)\.svg$/.exec(url);
  return m ? `${PREVIEW_PREFIX}products/${m[1]}.jpg` : null;
}

/**
 * Many link-preview services show no SVG, and the demo store's pictures are SVG. The first request
 * for a preview rasterises the picture with sharp and keeps the JPEG in the media storage
 * (`previews/products/...`, in the bucket with MEDIA_STORAGE=s3); later ones send the kept file.
 */
export async function mediaPreviewRoutes(app: FastifyInstance) {
  const storage = createMediaStorage(app.deps.config);
  // The seeded pictures are written to the local media folder (seed/demo.ts) whatever MEDIA_STORAGE says.
  const seeded = localStorage(app.deps.config.mediaDir);
  app.get<{ Params: { name: string } }>(`${PREVIEW_PREFIX}products/:name`, async (request, reply) => {
    const m = /^([A-Za-z0-9_-]{1,120})\.jpg$/.exec(request.params.name);
    const notFound = () =>
      reply.status(404).send({ error: { code: 'not_found', message: errorMessage('not_found') } });
    if (!m) return notFound();
    const cacheKey = `previews/products/${m[1]}.jpg`;
    let jpeg = await storage.get(cacheKey);
    if (!jpeg) {
      const svg = await seeded.get(`products/${m[1]}.svg`);
      if (!svg) return notFound();
      try {
        jpeg = await sharp(svg, { density: 216 })
          .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'cover' })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 82, mozjpeg: true })
          .toBuffer();
      } catch (err) {
        request.log.warn({ err, name: m[1] }, 'could not rasterise a preview picture');
        return notFound();
      }
      await storage.put(cacheKey, jpeg, 'image/jpeg');
    }
    return reply.type('image/jpeg').header('cache-control', 'public, max-age=604800').send(Buffer.from(jpeg));
  });
}
