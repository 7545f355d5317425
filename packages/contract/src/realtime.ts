import { z } from 'zod';
import { AuctionLiveState } from './bidding';
import { Instant, Uuid } from './common';

// Versioned realtime events. Names never change once shipped: a new shape is a new version.
// Every auction event carries the auction's `seq`; a client that sees a gap refetches.

export const BidPlacedV1 = z.object({
  type: z.literal('BidPlacedV1'),
  serverTime: Instant,
  auction: AuctionLiveState,
});
export const AuctionExtendedV1 = z.object({
  type: z.literal('AuctionExtendedV1'),
  serverTime: Instant,
  auctionId: Uuid,
  seq: z.number().int(),
  endTime: Instant,
  previousEndTime: Instant,
});
export const AuctionOpenedV1 = z.object({
  type: z.literal('AuctionOpenedV1'),
  serverTime: Instant,
  auction: AuctionLiveState,
});
export const AuctionEndedV1 = z.object({
  type: z.literal('AuctionEndedV1'),
  serverTime: Instant,
  auction: AuctionLiveState,
  winnerHandle: z.string().nullable(),
});
/** Sent to one shopper's room only. */
export const OutbidV1 = z.object({
  type: z.literal('OutbidV1'),
  serverTime: Instant,
  auctionId: Uuid,
  seq: z.number().int(),
  currentPriceCents: z.number().int(),
});
/** Sent to a shopper's room when their own standing may have changed (their bid, an auction end). */
export const StandingChangedV1 = z.object({
  type: z.literal('StandingChangedV1'),
  serverTime: Instant,
  auctionId: Uuid,
  seq: z.number().int(),
});
/** Sent to a shopper's room when their watchlist changed (another tab, another device). */
export const WatchlistChangedV1 = z.object({
  type: z.literal('WatchlistChangedV1'),
  serverTime: Instant,
  auctionId: Uuid,
  watching: z.boolean(),
});
/** Sent to a shopper's room when their orders changed (paid, reminded, cancelled): refetch them. */
export const OrdersChangedV1 = z.object({ type: z.literal('OrdersChangedV1'), serverTime: Instant });
/** Sent to a shopper's room when they got new notifications (or some were read elsewhere): refetch the Mail menu. */
export const NotificationsChangedV1 = z.object({
  type: z.literal('NotificationsChangedV1'),
  serverTime: Instant,
});
/**
 * Sent to a person's room when their account changed standing (suspended by staff or by strikes,
 * restored): ask who is signed in again, since a staff suspension also ended every session.
 */
export const AccountChangedV1 = z.object({ type: z.literal('AccountChangedV1'), serverTime: Instant });
/** Sent to a location's room when bookings there changed (booked, moved, cancelled): refetch its slots. */
export const PickupSlotsChangedV1 = z.object({
  type: z.literal('PickupSlotsChangedV1'),
  locationId: Uuid,
  serverTime: Instant,
});
/**
 * Sent to every socket of a server whose feed of events was interrupted (its database LISTEN
 * connection dropped and came back): events may have been lost, so refetch everything shown.
 */
export const ResyncV1 = z.object({ type: z.literal('ResyncV1'), serverTime: Instant });
export const HelloV1 = z.object({ type: z.literal('HelloV1'), serverTime: Instant, signedIn: z.boolean() });
export const PongV1 = z.object({ type: z.literal('PongV1'), serverTime: Instant });

export const ServerEvent = z.discriminatedUnion('type', [
  BidPlacedV1,
  AuctionExtendedV1,
  AuctionOpenedV1,
  AuctionEndedV1,
  OutbidV1,
  StandingChangedV1,
  WatchlistChangedV1,
  OrdersChangedV1,
  NotificationsChangedV1,
  AccountChangedV1,
  PickupSlotsChangedV1,
  ResyncV1,
  HelloV1,
  PongV1,
]);
export type ServerEvent = z.infer<typeof ServerEvent>;

/** Messages a client sends over the socket. */
export const ClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), auctionIds: z.array(Uuid).max(200) }),
  z.object({ type: z.literal('unsubscribe'), auctionIds: z.array(Uuid).max(200) }),
  /** The pickup page: a location's room, for PickupSlotsChangedV1. */
  z.object({ type: z.literal('subscribeLocation'), locationId: Uuid }),
  z.object({ type: z.literal('unsubscribeLocation'), locationId: Uuid }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export { WS_PATH } from './routes';
