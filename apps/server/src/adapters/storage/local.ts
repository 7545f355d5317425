import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type MediaStorage } from './types';

/**
 * Files in a local folder (DATA_DIR/media by default), served by the app at `/media/<key>` with long
 * cache headers (app.ts). Each write goes to a temporary name first and is renamed into place, so a
 * reader never sees half a file.
 */
export function localStorage(root: string, publicPrefix = '/media/'): MediaStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomUUID()}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, file);
    },
    url(key) {
      assertStorageKey(key);
      return `${publicPrefix}${key}`;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
  };
}
