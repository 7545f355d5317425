import type { Config } from '../../config';
import { localStorage } from './local';
import { s3Storage } from './s3';
import type { MediaStorage } from './types';

/**
 * The media storage for this configuration: an S3-API bucket with MEDIA_STORAGE=s3 (s3.ts), the local
 * media folder otherwise. Each caller makes its own; the S3 client inside is cheap and keeps no state
 * that matters beyond its connection pool.
 */
export function createMediaStorage(
  config: Pick<Config, 'mediaDir'> & Partial<Pick<Config, 'media'>>,
): MediaStorage {
  const s3 = config.media?.storage === 's3' ? config.media.s3 : null;
  return s3 ? s3Storage(s3) : localStorage(config.mediaDir);
}
