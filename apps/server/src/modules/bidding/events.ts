// The realtime events of an accepted bid, published by the route after the transaction commits.
import { auctionRoom, userRoom } from '@rebound/contract/rooms';
import type { Published } from '../../realtime/hub';
import { notificationsChanged } from '../notifications';
import type { BidDecision } from './decide';
import type { AuctionRow } from './repository';

export function bidEvents(before: AuctionRow, d: BidDecision, bidderId: string, now: Date): Published[] {
  const serverTime = now.toISOString();
  const { outcome: o, updated, state } = d;
  const room = auctionRoom(before.id);
  const events: Published[] = [{ room, event: { type: 'BidPlacedV1', serverTime, auction: state } }];
  if (o.extendedEndTime !== null) {
    events.push({
      room,
      event: {
        type: 'AuctionExtendedV1',
        serverTime,
        auctionId: before.id,
        seq: updated.seq,
        endTime: updated.endTime.toISOString(),
        previousEndTime: before.endTime.toISOString(),
      },
    });
  }
  for (const id of o.outbidUserIds) {
    events.push({
      room: userRoom(id),
      event: {
        type: 'OutbidV1',
        serverTime,
        auctionId: before.id,
        seq: updated.seq,
        currentPriceCents: updated.currentPriceCents,
      },
    });
  }
  const touched = new Set([
    bidderId,
    ...(o.previousLeaderUserId ? [o.previousLeaderUserId] : []),
    ...o.outbidUserIds,
  ]);
  for (const id of touched) {
    events.push({
      room: userRoom(id),
      event: { type: 'StandingChangedV1', serverTime, auctionId: before.id, seq: updated.seq },
    });
  }
  // The bid wrote notices (notices.ts): the bidder's confirmation and each outbid shopper's alert.
  events.push(...notificationsChanged([bidderId, ...o.outbidUserIds], now));
  return events;
}
