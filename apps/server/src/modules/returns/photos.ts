// A return's photos (docs/decisions/055-returns.md, 076): the shopper's while open, staff's before it
// is settled; at most 4 per side, checked before a byte of the upload is read.
import { randomUUID } from 'node:crypto';
import { isReturnOpen, RETURN_PHOTOS_MAX, type ReturnState } from '@rebound/core/returns';
import type { MediaStorage } from '../../adapters/storage/types';
import type { SessionUser } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import type { UploadedPhoto } from '../../lib/photo-upload';
import { processImage, variantKeys } from '../admin-catalogue';
import { recordAudit } from '../staff';
import * as repo from './repository';
import { loadOne, notOpen, type ReturnsDeps } from './shared';

/** Whether `actor` may add photos to `ret`: the shopper to their own open return, staff before it is settled. */
function checkMayAddPhotos(
  ret: { userId: string; state: ReturnState },
  actor: SessionUser,
  byStaff: boolean,
) {
  if (!byStaff && ret.userId !== actor.id) throw new AppError('return_not_found');
  if (!byStaff && !isReturnOpen(ret.state)) throw notOpen(ret.state);
  if (byStaff && (ret.state === 'refunded' || ret.state === 'refused')) throw notOpen(ret.state);
}

/**
 * How many more photos `actor` may add to the return (404 for someone else's or no return, the
 * state's refusal, or too many already): the routes ask before they read a byte of the upload
 * (lib/photo-upload.ts). addPhotos checks again with the files in hand, and under the lock.
 */
export async function photoRoom(
  deps: Pick<ReturnsDeps, 'db'>,
  actor: SessionUser,
  id: string,
  byStaff: boolean,
): Promise<number> {
  const row = await repo.returnWithOrder(deps.db, id);
  if (!row) throw new AppError('return_not_found');
  checkMayAddPhotos(row.ret, actor, byStaff);
  const mine = (await repo.photosOf(deps.db, [id])).filter((p) => p.byStaff === byStaff).length;
  if (mine >= RETURN_PHOTOS_MAX) {
    throw new AppError('return_too_many_photos', { params: { max: String(RETURN_PHOTOS_MAX) } });
  }
  return RETURN_PHOTOS_MAX - mine;
}

/** Adds photos (the shopper's while open, staff's any time before it is settled); at most 4 per side. */
export async function addPhotos(
  deps: ReturnsDeps,
  storage: MediaStorage,
  actor: SessionUser,
  id: string,
  byStaff: boolean,
  files: UploadedPhoto[],
): Promise<void> {
  const one = await loadOne(deps.db, id);
  checkMayAddPhotos(one.row.ret, actor, byStaff);
  const mine = one.loaded.photos.filter((p) => p.byStaff === byStaff).length;
  if (files.length === 0 || mine + files.length > RETURN_PHOTOS_MAX) {
    throw new AppError('return_too_many_photos', { params: { max: String(RETURN_PHOTOS_MAX) } });
  }
  const made: { storageKey: string; url: string; variants: Parameters<typeof variantKeys>[1] }[] = [];
  try {
    for (const f of files) {
      const storageKey = `returns/${id}/${randomUUID()}`;
      const processed = await processImage(storage, storageKey, f.name, f.bytes);
      made.push({ storageKey, url: processed.fallbackUrl, variants: processed.variants });
    }
    await deps.db.transaction(async (tx) => {
      const locked = await repo.lockReturn(tx, id);
      if (!locked) throw new AppError('return_not_found');
      const now = deps.clock.now();
      const count = (await repo.photosOf(tx, [id])).filter((p) => p.byStaff === byStaff).length;
      if (count + made.length > RETURN_PHOTOS_MAX) {
        throw new AppError('return_too_many_photos', { params: { max: String(RETURN_PHOTOS_MAX) } });
      }
      await repo.insertPhotos(
        tx,
        made.map((m) => ({ returnId: id, byStaff, storageKey: m.storageKey, url: m.url, createdAt: now })),
      );
      if (byStaff) {
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'return.photos',
          entityType: 'return',
          entityId: id,
          after: { added: made.length },
        });
      }
    });
  } catch (err) {
    for (const m of made)
      await Promise.all(variantKeys(m.storageKey, m.variants).map((k) => storage.delete(k)));
    throw err;
  }
}

/**
 * One photo's bytes (its largest JPEG copy) for the shopper who owns the return or for staff; to
 * anyone else the return does not exist (404), so its photos cannot be fetched by guessing.
 */
export async function photoFile(
  deps: Pick<ReturnsDeps, 'db'>,
  storage: MediaStorage,
  user: SessionUser,
  id: string,
  photoId: string,
): Promise<Uint8Array> {
  const row = await repo.returnWithOrder(deps.db, id);
  if (!row || (user.role !== 'staff' && row.ret.userId !== user.id)) throw new AppError('return_not_found');
  const photo = (await repo.photosOf(deps.db, [id])).find((p) => p.id === photoId);
  if (!photo) throw new AppError('return_not_found');
  // `url` is the storage's address of the largest JPEG: `<storageKey>/<width>.jpg`.
  const bytes = await storage.get(`${photo.storageKey}/${photo.url.slice(photo.url.lastIndexOf('/') + 1)}`);
  if (!bytes) throw new AppError('return_not_found');
  return bytes;
}
