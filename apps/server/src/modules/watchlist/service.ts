import type { ServerEvent } from '@rebound/contract/realtime';
import { userRoom } from '@rebound/contract/rooms';
import {
  type MeSummaryResponse,
  WATCH_ADDED,
  WATCH_REMOVED,
  type WatchlistResponse,
  type WatchResponse,
  type WatchStatusResponse,
} from '@rebound/contract/watchlist';
import { summaryStanding } from '@rebound/core/auction-summary';
import { type BidsFilter, inBidsFilter } from '@rebound/core/bidding';
import { isAuctionOpen } from '@rebound/core/catalog';
import { toCard } from '../../db/cards';
import type { Db, DbOrTx } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Publisher } from '../../lib/publish';
import * as repo from './repository';

interface WatchResult {
  body: WatchResponse;
  /** Published after commit; empty when nothing changed. */
  events: { room: string; event: ServerEvent }[];
}

/** The transaction's answer, then (after its commit) its events. */
async function publishAfter(publish: Publisher, run: Promise<WatchResult>): Promise<WatchResponse> {
  const { body, events } = await run;
  await publish(events);
  return body;
}

function checkId(auctionId: string) {
  // Anything that is not a UUID cannot name an auction (and must not reach a uuid column).
  if (!isUuid(auctionId)) throw new AppError('auction_not_found');
}

function changed(user: SessionUser, auctionId: string, watching: boolean, now: Date) {
  return [
    {
      room: userRoom(user.id),
      event: { type: 'WatchlistChangedV1', serverTime: now.toISOString(), auctionId, watching } as const,
    },
  ];
}

/** Watches an auction that has not ended. Idempotent: watching twice leaves one row. */
export async function watch(
  db: Db,
  clock: Clock,
  user: SessionUser,
  auctionId: string,
  publish: Publisher,
): Promise<WatchResponse> {
  checkId(auctionId);
  return publishAfter(
    publish,
    db.transaction(async (tx): Promise<WatchResult> => {
      const a = await repo.auctionForWatch(tx, auctionId);
      if (!a) throw new AppError('auction_not_found');
      const now = clock.now();
      if (!isAuctionOpen(a, now.getTime())) throw new AppError('watch_auction_ended');
      const added = await repo.addWatch(tx, user.id, a.id, now);
      const { watcherCount } = await repo.watchState(tx, a.id, null);
      return {
        body: {
          serverTime: now.toISOString(),
          auctionId: a.id,
          watching: true,
          watcherCount,
          message: WATCH_ADDED,
        },
        events: added ? changed(user, a.id, true, now) : [],
      };
    }),
  );
}

/** Stops watching, ended auctions included. Idempotent. */
export async function unwatch(
  db: Db,
  clock: Clock,
  user: SessionUser,
  auctionId: string,
  publish: Publisher,
): Promise<WatchResponse> {
  checkId(auctionId);
  return publishAfter(
    publish,
    db.transaction(async (tx): Promise<WatchResult> => {
      const a = await repo.auctionForWatch(tx, auctionId);
      if (!a) throw new AppError('auction_not_found');
      const now = clock.now();
      const removed = await repo.removeWatch(tx, user.id, a.id);
      const { watcherCount } = await repo.watchState(tx, a.id, null);
      return {
        body: {
          serverTime: now.toISOString(),
          auctionId: a.id,
          watching: false,
          watcherCount,
          message: WATCH_REMOVED,
        },
        events: removed ? changed(user, a.id, false, now) : [],
      };
    }),
  );
}

export async function watchStatus(
  db: DbOrTx,
  clock: Clock,
  user: SessionUser | null,
  auctionId: string,
): Promise<WatchStatusResponse> {
  checkId(auctionId);
  const a = await repo.auctionForWatch(db, auctionId);
  if (!a) throw new AppError('auction_not_found');
  const { watcherCount, watching } = await repo.watchState(db, a.id, user?.id ?? null);
  return {
    serverTime: clock.now().toISOString(),
    auctionId: a.id,
    watching: user ? watching : null,
    watcherCount,
  };
}

export async function myWatchlist(db: DbOrTx, clock: Clock, user: SessionUser): Promise<WatchlistResponse> {
  const now = clock.now();
  const rows = await repo.watchedCards(db, user.id, now);
  return {
    serverTime: now.toISOString(),
    items: rows.map((r) => ({ watchedAt: r.watchedAt.toISOString(), auction: toCard(r) })),
  };
}

export async function mySummary(db: DbOrTx, clock: Clock, user: SessionUser): Promise<MeSummaryResponse> {
  const now = clock.now();
  const s = await repo.summary(db, user.id, now);
  // Core's one standing rule, as My Bids counts: a leader below the reserve is not winning.
  const standings = s.running.map((a) => summaryStanding(a, user.id, true, now.getTime()));
  const count = (f: BidsFilter) => standings.filter((st) => inBidsFilter(st, f)).length;
  return {
    serverTime: now.toISOString(),
    handle: user.handle,
    winning: count('winning'),
    losing: count('losing'),
    watching: s.watchedAuctionIds.length,
    watchedAuctionIds: s.watchedAuctionIds,
  };
}
