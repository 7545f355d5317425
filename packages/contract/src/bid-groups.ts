// Bid groups: 'win N of these' (docs/product.md "Bid groups"; rules in core bid-groups.ts).
// POST /api/bid-groups makes a group, GET /api/me/bid-groups lists the shopper's groups,
// PATCH /api/bid-groups/:id changes one, DELETE /api/bid-groups/:id cancels it.
import { BID_GROUP_MAX_LOTS, GROUP_LOT_STATES } from '@rebound/core/bid-groups';
import { z } from 'zod';
import { PlaceBidRequest, Standing } from './bidding';
import { AuctionCard } from './catalog';
import { Cents, Instant, Uuid } from './common';

export { BID_GROUP_MAX_LOTS, BID_GROUP_MIN_LOTS } from '@rebound/core/bid-groups';

export const BID_GROUP_STATES = ['active', 'done', 'ended', 'cancelled'] as const;
export const BidGroupState = z.enum(BID_GROUP_STATES);
export type BidGroupState = z.infer<typeof BidGroupState>;

export const BidGroupLotState = z.enum(GROUP_LOT_STATES);
export type BidGroupLotState = z.infer<typeof BidGroupLotState>;

/** One lot as the shopper gives it: the auction and the maximum, in the same form as a bid's amount. */
export const BidGroupLotRequest = z.object({
  auctionId: z.string().min(1).max(100),
  amount: PlaceBidRequest.shape.amount,
});
export type BidGroupLotRequest = z.infer<typeof BidGroupLotRequest>;

/**
 * A new group. The sizes are checked by the server with core's messages (checkBidGroup), so the
 * schema only bounds what may arrive; each amount is checked as a bid is (same bounds and messages).
 */
export const CreateBidGroupRequest = z.object({
  /** How many of the lots the shopper wants at most; 1 ('win one of these') when left out. */
  winAtMost: z.number().int().min(0).max(BID_GROUP_MAX_LOTS).optional(),
  lots: z.array(BidGroupLotRequest).max(BID_GROUP_MAX_LOTS + 5),
});
export type CreateBidGroupRequest = z.infer<typeof CreateBidGroupRequest>;

/**
 * A change to a group: `set` adds lots or changes maximums (a placed maximum may only be raised,
 * as a bid; a waiting lot's may change either way), `remove` takes waiting lots out, `winAtMost`
 * changes the number (not below the wins so far). What the server refuses changes nothing.
 */
export const UpdateBidGroupRequest = z.object({
  winAtMost: z.number().int().min(0).max(BID_GROUP_MAX_LOTS).optional(),
  set: z
    .array(BidGroupLotRequest)
    .max(BID_GROUP_MAX_LOTS + 5)
    .optional(),
  remove: z
    .array(z.string().min(1).max(100))
    .max(BID_GROUP_MAX_LOTS + 5)
    .optional(),
});
export type UpdateBidGroupRequest = z.infer<typeof UpdateBidGroupRequest>;

export const BidGroupParams = z.object({ id: z.string().min(1).max(100) });

export const BidGroupLot = z.object({
  auctionId: Uuid,
  /** The order the shopper gave, from 0. */
  position: z.number().int(),
  maxBidCents: Cents,
  state: BidGroupLotState,
  /** The shopper's standing on the lot as bids stand ('none' while waiting). */
  standing: Standing,
  card: AuctionCard,
});
export type BidGroupLot = z.infer<typeof BidGroupLot>;

/** One line of what the group did and why, oldest first. */
export const BidGroupEvent = z.object({
  at: Instant,
  auctionId: Uuid.nullable(),
  kind: z.enum([
    'created',
    'placed',
    'outbid',
    'leading_again',
    'won',
    'lost',
    'skipped',
    'dropped_done',
    'dropped_cancelled_lot',
    'removed',
    'added',
    'raised',
    'cancelled',
    'ended',
  ]),
  /** The shopper's words: 'Moved to lot B: your maximum on lot A was outbid'. */
  text: z.string(),
});
export type BidGroupEvent = z.infer<typeof BidGroupEvent>;

export const BidGroup = z.object({
  id: Uuid,
  winAtMost: z.number().int(),
  state: BidGroupState,
  wins: z.number().int(),
  createdAt: Instant,
  lots: z.array(BidGroupLot),
  story: z.array(BidGroupEvent),
});
export type BidGroup = z.infer<typeof BidGroup>;

export const BidGroupResponse = z.object({ serverTime: Instant, group: BidGroup });
export type BidGroupResponse = z.infer<typeof BidGroupResponse>;

/** The shopper's groups: active first, then the rest, newest first. */
export const MyBidGroupsResponse = z.object({ serverTime: Instant, groups: z.array(BidGroup) });
export type MyBidGroupsResponse = z.infer<typeof MyBidGroupsResponse>;
