// Saved searches: the shopper's own list, save (at most 20), the push toggle and
// delete. Other modules (the digest) read searches and new lots, and match them, through the
// functions at the end.
import {
  type CreateSavedSearchBody,
  type DeleteSavedSearchResponse,
  SAVED_SEARCH_DELETED,
  SAVED_SEARCH_LIMIT,
  type SavedSearch,
  type SavedSearchesResponse,
  SavedSearchQueryView,
} from '@rebound/contract/saved-searches';
import { mergeNotificationSettings, receivesNewDropsEmail } from '@rebound/core/notifications';
import {
  passesSavedSearchFilters,
  type SavedSearchQuery,
  savedSearchHref,
} from '@rebound/core/saved-searches';
import type { Db, DbOrTx } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { productsFoundBy } from '../catalog';
import * as repo from './repository';

/** A stored query as the contract shows it; anything unreadable in the stored JSON is dropped. */
export function storedQuery(value: unknown): SavedSearchQuery & SavedSearchQueryView {
  const parsed = SavedSearchQueryView.safeParse(value);
  return parsed.success ? parsed.data : {};
}

function toView(row: repo.SavedSearchRow): SavedSearch {
  const query = storedQuery(row.query);
  return {
    id: row.id,
    name: row.name,
    query,
    href: savedSearchHref(query),
    notifyPush: row.notifyPush,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function list(db: DbOrTx, user: SessionUser): Promise<SavedSearchesResponse> {
  const [rows, consent] = await Promise.all([repo.listOwn(db, user.id), repo.emailConsentOf(db, user.id)]);
  return {
    items: rows.map(toView),
    limit: SAVED_SEARCH_LIMIT,
    dailyEmail: receivesNewDropsEmail(mergeNotificationSettings(consent.settings), consent.marketingConsent),
  };
}

type ParsedCreate = { name: string; query: SavedSearchQueryView; notifyPush: boolean };

export async function create(
  db: Db,
  clock: Clock,
  user: SessionUser,
  body: ParsedCreate | CreateSavedSearchBody,
): Promise<SavedSearch> {
  const b = body as ParsedCreate;
  return db.transaction(async (tx) => {
    // Under the shopper's row lock: two saves at once cannot both pass the limit.
    if ((await repo.lockAndCount(tx, user.id)) >= SAVED_SEARCH_LIMIT)
      throw new AppError('saved_search_limit');
    const now = clock.now();
    const row = await repo.insert(tx, {
      userId: user.id,
      name: b.name,
      query: b.query,
      notifyPush: b.notifyPush,
      // Push alerts start from now; the digest has its own daily window.
      lastMatchedAt: b.notifyPush ? now : null,
      createdAt: now,
    });
    return toView(row);
  });
}

function checkId(id: string) {
  // Anything that is not a UUID cannot name a saved search (and must not reach a uuid column).
  if (!isUuid(id)) throw new AppError('saved_search_not_found');
}

export async function setNotifyPush(
  db: DbOrTx,
  clock: Clock,
  user: SessionUser,
  id: string,
  notifyPush: boolean,
): Promise<SavedSearch> {
  checkId(id);
  const row = await repo.setNotifyPush(db, user.id, id, notifyPush, clock.now());
  // Someone else's search answers exactly like a made-up id.
  if (!row) throw new AppError('saved_search_not_found');
  return toView(row);
}

export async function remove(db: DbOrTx, user: SessionUser, id: string): Promise<DeleteSavedSearchResponse> {
  checkId(id);
  if (!(await repo.deleteOwn(db, user.id, id))) throw new AppError('saved_search_not_found');
  return { id, message: SAVED_SEARCH_DELETED };
}

// --- For the notification jobs (the digest in modules/digest/digest.ts, the alerts in alerts.ts) ---

export type NewLot = Awaited<ReturnType<typeof repo.lotsLiveBetween>>[number];

/** Lots that went live in (since, until] and can still be bid on at `now`, newest first. */
export function newLots(db: DbOrTx, since: Date, until: Date, now: Date): Promise<NewLot[]> {
  return repo.lotsLiveBetween(db, since, until, now);
}

/** Every saved search of these shoppers, with its query read. */
export async function searchesOf(db: DbOrTx, userIds: string[]) {
  const rows = await repo.searchesOf(db, userIds);
  return rows.map((r) => ({ id: r.id, userId: r.userId, name: r.name, query: storedQuery(r.query) }));
}

/**
 * Each search's lots among `lots` (in their order), by search id: the lot passes the search's
 * filters (core passesSavedSearchFilters, in memory) and its words find the lot's product by the
 * shop's own search (catalog's productsFoundBy: one statement for all the searches' texts and the
 * lots' products). Searches without a match are left out.
 */
export async function matchLots(
  db: DbOrTx,
  searches: readonly { id: string; query: SavedSearchQuery }[],
  lots: readonly NewLot[],
): Promise<Map<string, NewLot[]>> {
  const matched = new Map<string, NewLot[]>();
  if (searches.length === 0 || lots.length === 0) return matched;
  const found = await productsFoundBy(
    db,
    searches.map((s) => s.query.q ?? ''),
    [...new Set(lots.map((l) => l.productId))],
  );
  for (const s of searches) {
    const finds = found.get(s.query.q ?? '');
    const mine = lots.filter((l) => finds?.has(l.productId) && passesSavedSearchFilters(s.query, l));
    if (mine.length > 0) matched.set(s.id, mine);
  }
  return matched;
}
