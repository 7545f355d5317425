// The daily new-drops digest: at 08:00 Vancouver time (core latestDigest, DST-correct),
// each shopper who gave marketing consent and allows new drops on some channel gets one digest of
// the lots that went live since the previous digest, with their saved searches' matches. Once per
// shopper and day (notice_once `digest:<date>:<userId>`, taken in the transaction that writes it),
// so it is safe to run often and on several servers (docs/decisions/020).
import { newDropsNotice } from '@rebound/core/notices';
import {
  mergeNotificationSettings,
  NOTIFICATION_CHANNELS,
  shouldSendNotification,
} from '@rebound/core/notifications';
import { DIGEST_LOT_LIMIT, DIGEST_SEARCH_LOT_LIMIT, digestKey, latestDigest } from '@rebound/core/reminders';
import type { Db } from '../../db/client';
import { claimOnce } from '../../db/notice-once';
import type { Publisher } from '../../lib/publish';
import { dropListReaders } from '../launch';
import { enqueueNotices, type Notice, notificationsChanged, queueMessages } from '../notifications';
import { matchLots, type NewLot, newLots, searchesOf } from '../saved-searches';
import * as repo from './digest-repository';

export const DIGEST_BATCH = 500;

export interface DigestRun {
  date: string;
  /** Shoppers who got the digest in this run. */
  userIds: string[];
  /** Lots in the day's digest (0: nothing was sent). */
  lotCount: number;
}

const lotView = (l: NewLot) => ({
  auctionId: l.auctionId,
  title: l.title,
  priceCents: l.priceCents,
  url: `/product/${l.slug}`,
  endsAt: l.endTime.toISOString(),
});

/** Whether the shopper's settings let a new-drops message out on at least one channel. */
function wantsNewDrops(settings: unknown): boolean {
  const s = mergeNotificationSettings(settings);
  return NOTIFICATION_CHANNELS.some((ch) => shouldSendNotification(s, 'new_drops', ch, true));
}

/**
 * Sends the latest due day's digest to everyone who has not had it. A pass that finishes takes the
 * day's key (`digest:<date>`), so later runs that day cost one look-up.
 */
export async function runDailyDigest(db: Db, now: Date, publish: Publisher): Promise<DigestRun> {
  const slot = latestDigest(now);
  const doneKey = `digest:${slot.date}`;
  if (await repo.isTaken(db, doneKey)) return { date: slot.date, userIds: [], lotCount: 0 };

  const lots = await newLots(db, slot.since, slot.until, now);
  const sentTo: string[] = [];
  let after: string | null = null;
  while (lots.length > 0) {
    const batch: { userIds: string[]; read: number; last: string | null } = await db.transaction(
      async (tx) => {
        const page = await repo.consentingShoppers(tx, slot.date, after, DIGEST_BATCH);
        const wanted = page.filter((u) => wantsNewDrops(u.settings));
        const taken = await claimOnce(
          tx,
          wanted.map((u) => digestKey(slot.date, u.id)),
          now,
        );
        const mine = wanted.filter((u) => taken.has(digestKey(slot.date, u.id)));
        const searches = await searchesOf(
          tx,
          mine.map((u) => u.id),
        );
        // The page's searches against the day's lots: one statement (saved-searches matchLots).
        const matched = await matchLots(tx, searches, lots);
        const notices: Notice[] = mine.map((u) => {
          const matches = searches
            .filter((s) => s.userId === u.id)
            .map((s) => ({ search: s, lots: matched.get(s.id) ?? [] }))
            .filter((m) => m.lots.length > 0);
          const matchedLots = new Set(matches.flatMap((m) => m.lots.map((l) => l.auctionId))).size;
          return {
            userId: u.id,
            kind: 'new_drops',
            template: 'new_drops_digest',
            message: newDropsNotice(lots.length, matchedLots),
            targetUrl: '/shop',
            data: {
              date: slot.date,
              count: lots.length,
              lots: lots.slice(0, DIGEST_LOT_LIMIT).map(lotView),
              savedSearchMatches: matches.map((m) => ({
                searchName: m.search.name,
                count: m.lots.length,
                lots: m.lots.slice(0, DIGEST_SEARCH_LOT_LIMIT).map(lotView),
              })),
            },
          };
        });
        await enqueueNotices(tx, now, notices);
        return { userIds: mine.map((u) => u.id), read: page.length, last: page.at(-1)?.id ?? null };
      },
    );
    sentTo.push(...batch.userIds);
    // After the batch's commit: its shoppers' notification lists.
    await publish(notificationsChanged(batch.userIds, now));
    if (batch.read < DIGEST_BATCH) break;
    after = batch.last;
  }
  await sendToDropList(db, slot.date, lots, now);
  await claimOnce(db, [doneKey], now);
  return { date: slot.date, userIds: sentTo, lotCount: lots.length };
}

/**
 * The open store's new-drops email list (the launch module's signup lists): confirmed addresses without an account get
 * the same day's lots by email, once each (claimed like the accounts' digest), with a one-click
 * unsubscribe that names their signup (scope 'drop_list').
 */
async function sendToDropList(db: Db, date: string, lots: NewLot[], now: Date): Promise<void> {
  let after: string | null = null;
  while (lots.length > 0) {
    const read: number = await db.transaction(async (tx) => {
      const page = await dropListReaders(tx, after, DIGEST_BATCH);
      const key = (id: string) => `digest:${date}:list:${id}`;
      const taken = await claimOnce(
        tx,
        page.map((r) => key(r.id)),
        now,
      );
      await queueMessages(
        tx,
        now,
        page
          .filter((r) => taken.has(key(r.id)))
          .map((r) => ({
            channel: 'email' as const,
            template: 'new_drops_digest',
            userId: null,
            recipient: r.email,
            payload: {
              kind: 'drop_list',
              signupId: r.id,
              message: newDropsNotice(lots.length, 0),
              date,
              count: lots.length,
              lots: lots.slice(0, DIGEST_LOT_LIMIT).map(lotView),
              savedSearchMatches: [],
            },
          })),
      );
      after = page.at(-1)?.id ?? after;
      return page.length;
    });
    if (read < DIGEST_BATCH) break;
  }
}
