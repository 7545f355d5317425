// Push alerts of saved searches: every 30 s, lots that went live since each
// push-enabled search was last matched are matched against it (service.ts matchLots: core's filters
// and the shop's own search) and the shopper gets a push per new match, once per search and lot
// (docs/decisions/020).
import { savedSearchMatchNotice } from '@rebound/core/notices';
import { mergeNotificationSettings, type NotificationSettings } from '@rebound/core/notifications';
import type { Db } from '../../db/client';
import { claimOnce } from '../../db/notice-once';
import type { Publisher } from '../../lib/publish';
import {
  type Contact,
  enqueueNotices,
  loadContacts,
  type Notice,
  notificationsChanged,
} from '../notifications';
import * as repo from './repository';
import { matchLots, storedQuery } from './service';

export const ALERT_BATCH = 500;
/** At most this many pushes per search per run; the daily digest lists the rest. */
export const ALERTS_PER_SEARCH = 5;

/**
 * The shopper asked for these alerts on this search (the toggle says what they are): that request is
 * the consent (CASL) and the channel choice for them, so they go by push whatever the general
 * new-drops settings say, and nowhere else. Email and SMS keep the shopper's own rules.
 */
export function alertContact(c: Contact): Contact {
  const settings: NotificationSettings = mergeNotificationSettings(c.settings);
  return {
    ...c,
    marketingConsent: true,
    settings: { ...settings, new_drops: { email: false, sms: false, push: true } },
  };
}

export interface AlertRun {
  claimed: number;
  sent: { searchId: string; auctionId: string; userId: string }[];
  userIds: string[];
}

export async function runSavedSearchAlertsBatch(db: Db, now: Date, batch = ALERT_BATCH): Promise<AlertRun> {
  return db.transaction(async (tx) => {
    const searches = await repo.claimPushSearches(tx, now, batch);
    if (searches.length === 0) return { claimed: 0, sent: [], userIds: [] };
    const sinceOf = (s: (typeof searches)[number]) => s.lastMatchedAt ?? s.createdAt;
    const since = new Date(Math.min(...searches.map((s) => sinceOf(s).getTime())));
    const lots = await repo.lotsLiveBetween(tx, since, now, now);
    const matched = await matchLots(
      tx,
      searches.map((s) => ({ id: s.id, query: storedQuery(s.query) })),
      lots,
    );

    const matches = searches.flatMap((s) => {
      const from = sinceOf(s).getTime();
      return (matched.get(s.id) ?? [])
        .filter((l) => l.startTime.getTime() > from)
        .slice(0, ALERTS_PER_SEARCH)
        .map((l) => ({ search: s, lot: l, key: `search:${s.id}:${l.auctionId}` }));
    });
    const taken = await claimOnce(
      tx,
      matches.map((m) => m.key),
      now,
    );
    const mine = matches.filter((m) => taken.has(m.key));
    const notices: Notice[] = mine.map(({ search, lot }) => {
      const lotUrl = `/product/${lot.slug}`;
      return {
        userId: search.userId,
        kind: 'new_drops',
        template: 'saved_search_match',
        message: savedSearchMatchNotice(search.name, lot.title),
        targetUrl: lotUrl,
        data: { searchName: search.name, productTitle: lot.title, auctionId: lot.auctionId, lotUrl },
      };
    });
    const userIds = [...new Set(notices.map((n) => n.userId))];
    if (notices.length > 0) {
      const contacts = (await loadContacts(tx, userIds)).map(alertContact);
      await enqueueNotices(tx, now, notices, contacts);
    }
    await repo.setLastMatched(
      tx,
      searches.map((s) => s.id),
      now,
    );
    return {
      claimed: searches.length,
      sent: mine.map((m) => ({ searchId: m.search.id, auctionId: m.lot.auctionId, userId: m.search.userId })),
      userIds,
    };
  });
}

/** Every push-enabled search, batch after batch; each batch's shoppers hear of it after its commit. */
export async function runSavedSearchAlerts(db: Db, now: Date, publish: Publisher): Promise<AlertRun['sent']> {
  const sent: AlertRun['sent'] = [];
  for (;;) {
    const run = await runSavedSearchAlertsBatch(db, now);
    sent.push(...run.sent);
    await publish(notificationsChanged(run.userIds, now));
    if (run.claimed < ALERT_BATCH) return sent;
  }
}
