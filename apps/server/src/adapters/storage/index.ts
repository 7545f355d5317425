import type { Config } from '../../config';
import { localStorage } from './local';
import type { MediaStorage } from './types';

/** The media storage for this configuration: the local media folder (an S3 adapter slots in here). */
export function createMediaStorage(config: Pick<Config, 'mediaDir'>): MediaStorage {
  return localStorage(config.mediaDir);
}
