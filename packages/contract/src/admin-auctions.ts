import { AUCTION_STATUSES } from '@rebound/core/auction-status';
import { parseDollarsToCents } from '@rebound/core/money';
import {
  dateToVancouverLocal,
  SCHEDULING_LIMITS,
  STAGGER_RANGE_MESSAGE,
  vancouverLocalToDate,
} from '@rebound/core/scheduling';
import { z } from 'zod';
import { adminListQuery, adminPage, Reason } from './admin';
import { DollarText, dollarTextToCents } from './admin-catalogue';
import { MAX_BID_CENTS } from './bidding';
import { Instant, Uuid } from './common';
import { OrderStatus } from './orders';

// The limits' own words, from core's numbers (SCHEDULING_LIMITS).
const OFFER_HOURS_MESSAGE = `The deadline is ${SCHEDULING_LIMITS.minOfferHours} to ${SCHEDULING_LIMITS.maxOfferHours} hours.`;

// The back-office's auctions and drops (docs/decisions/025) and the shopper's
// second-chance offers. Staff only under /api/admin; the offer endpoints are the shopper's own.

/** Every auction status, as core lists them (packages/core/src/auction-status.ts). */
export const ADMIN_AUCTION_STATUSES = AUCTION_STATUSES;
export const AdminAuctionStatus = z.enum(ADMIN_AUCTION_STATUSES);
export type AdminAuctionStatus = z.infer<typeof AdminAuctionStatus>;

export const ADMIN_AUCTION_STATUS_LABELS: Record<AdminAuctionStatus, string> = {
  scheduled: 'Scheduled',
  live: 'Live',
  ended: 'Ended',
  cancelled: 'Cancelled',
};

export const ADMIN_AUCTION_SORTS = ['start', 'end', 'created', 'title', 'price', 'bids', 'status'] as const;
export type AdminAuctionSort = (typeof ADMIN_AUCTION_SORTS)[number];

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** GET /api/admin/auctions: one search box (title, SKU) and the filters. */
export const AdminAuctionQuery = adminListQuery(ADMIN_AUCTION_SORTS, 'start').extend({
  status: z.preprocess(emptyToUndefined, AdminAuctionStatus.optional()),
  dropId: z.preprocess(emptyToUndefined, Uuid.optional()),
  locationId: z.preprocess(emptyToUndefined, Uuid.optional()),
});
export type AdminAuctionQuery = z.infer<typeof AdminAuctionQuery>;

export const AdminAuctionRow = z.object({
  id: Uuid,
  productId: Uuid,
  productTitle: z.string(),
  /** The SKU every page shows (core's productSku). */
  sku: z.string(),
  thumbnailUrl: z.string().nullable(),
  status: AdminAuctionStatus,
  startTime: Instant,
  endTime: Instant,
  startingBidCents: z.number().int(),
  currentPriceCents: z.number().int(),
  bidCount: z.number().int(),
  reservePriceCents: z.number().int().nullable(),
  dropId: Uuid.nullable(),
  dropTitle: z.string().nullable(),
  locationId: Uuid,
  locationName: z.string(),
});
export type AdminAuctionRow = z.infer<typeof AdminAuctionRow>;

export const AdminAuctionList = adminPage(AdminAuctionRow);
export type AdminAuctionList = z.infer<typeof AdminAuctionList>;

const Cents = (what: string, min: number) =>
  z
    .number({ error: `Please enter ${what}.` })
    .int('Please enter whole cents.')
    .min(min, `${what[0]!.toUpperCase()}${what.slice(1)} must be at least $${(min / 100).toFixed(2)}.`)
    .max(MAX_BID_CENTS, `${what[0]!.toUpperCase()}${what.slice(1)} cannot be above $100,000.`);

/** The settings every auction has (one auction, a drop's shared settings, a relist). */
const AuctionMoney = z.object({
  startingBidCents: Cents('a starting bid', 1),
  /** 'table': the site's increment table; 'fixed': bidIncrementCents every time. */
  incrementMode: z.enum(['fixed', 'table']),
  bidIncrementCents: Cents('an increment', 1).default(100),
  reservePriceCents: Cents('a reserve', 1).nullable().default(null),
  softCloseSeconds: z
    .number()
    .int()
    .min(0, 'Soft close is 0 to 600 seconds.')
    .max(SCHEDULING_LIMITS.maxSoftCloseSeconds, 'Soft close is 0 to 600 seconds.')
    .default(60),
  locationId: Uuid,
});

/** POST /api/admin/auctions/:id (edit, before it opens) and the relist body: times plus settings. */
export const AuctionSettingsInput = AuctionMoney.extend({ startTime: Instant, endTime: Instant });
export type AuctionSettingsInput = z.input<typeof AuctionSettingsInput>;

/** POST /api/admin/auctions: one auction for one product. */
export const CreateAuctionInput = AuctionSettingsInput.extend({ productId: Uuid });
export type CreateAuctionInput = z.input<typeof CreateAuctionInput>;

/** POST /api/admin/drops: many lots, one start, ends `staggerSeconds` apart from `firstEndTime`. */
export const CreateDropInput = AuctionMoney.extend({
  title: z.string().trim().min(3, 'Please name the drop (at least 3 characters).').max(200),
  productIds: z
    .array(Uuid)
    .min(1, 'Please choose at least one product.')
    .max(SCHEDULING_LIMITS.maxDropLots, `A drop has at most ${SCHEDULING_LIMITS.maxDropLots} lots.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A product can be in a drop only once.'),
  /**
   * A lot's own starting bid and reserve, by product (docs/decisions/082-pay-all-photos-large-lot-amounts.md).
   * An amount left out takes the drop's common one; a reserve of null means this lot has none. The
   * amounts are checked on the server, each lot with the one auction's rules (core lotMoneyProblems),
   * and a refusal names the lot.
   */
  lots: z
    .array(
      z.object({
        productId: Uuid,
        startingBidCents: z.number().int().optional(),
        reservePriceCents: z.number().int().nullable().optional(),
      }),
    )
    .max(SCHEDULING_LIMITS.maxDropLots)
    .optional(),
  startTime: Instant,
  firstEndTime: Instant,
  staggerSeconds: z
    .number()
    .int()
    .min(0, STAGGER_RANGE_MESSAGE)
    .max(SCHEDULING_LIMITS.maxStaggerSeconds, STAGGER_RANGE_MESSAGE),
});
export type CreateDropInput = z.input<typeof CreateDropInput>;

export const DropCreated = z.object({
  id: Uuid,
  title: z.string(),
  lots: z.array(z.object({ auctionId: Uuid, productId: Uuid, endTime: Instant })),
});
export type DropCreated = z.infer<typeof DropCreated>;

export const DropSummary = z.object({
  id: Uuid,
  title: z.string(),
  startTime: Instant,
  firstEndTime: Instant,
  staggerSeconds: z.number().int(),
  lotCount: z.number().int(),
});
export const DropList = z.object({ items: z.array(DropSummary) });
export type DropList = z.infer<typeof DropList>;

export const CancelAuctionInput = z.object({ reason: Reason });
export type CancelAuctionInput = z.infer<typeof CancelAuctionInput>;

/** POST /api/admin/auctions/:id/offers/withdraw: takes back the open second-chance offer, with a reason. */
export const WithdrawOfferInput = z.object({ reason: Reason });
export type WithdrawOfferInput = z.infer<typeof WithdrawOfferInput>;

/** POST /api/admin/auctions/:id/offers: a second-chance offer (default: the next highest bidder, 48 h). */
export const SecondChanceInput = z.object({
  userId: Uuid.optional(),
  hours: z
    .number()
    .int()
    .min(SCHEDULING_LIMITS.minOfferHours, OFFER_HOURS_MESSAGE)
    .max(SCHEDULING_LIMITS.maxOfferHours, OFFER_HOURS_MESSAGE)
    .default(SCHEDULING_LIMITS.defaultOfferHours),
});
export type SecondChanceInput = z.input<typeof SecondChanceInput>;

export const AdminAuctionParams = z.object({ id: Uuid });

/** POST /api/admin/auctions/:id/bids/:userId/cancel: the store cancels one shopper's maximum on a live lot. */
export const AdminAuctionBidParams = z.object({ id: Uuid, userId: Uuid });
/** The back office's form: the reason may be left empty. Kept in the audit only, never shown to shoppers. */
export const CancelBidForm = z.object({
  reason: z.string().trim().max(500, 'Please keep the reason under 500 characters.'),
});
export const CancelBidInput = CancelBidForm.partial();
export type CancelBidInput = z.infer<typeof CancelBidInput>;

export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export const OfferStatus = z.enum(OFFER_STATUSES);
export type OfferStatus = z.infer<typeof OfferStatus>;

const Person = z.object({ id: Uuid, handle: z.string(), email: z.string() });

export const AdminAuctionDetail = z.object({
  id: Uuid,
  status: AdminAuctionStatus,
  product: z.object({
    id: Uuid,
    title: z.string(),
    slug: z.string(),
    /** The SKU every page shows (core's productSku). */
    sku: z.string(),
    status: z.string(),
    thumbnailUrl: z.string().nullable(),
  }),
  location: z.object({ id: Uuid, name: z.string() }),
  drop: z.object({ id: Uuid, title: z.string() }).nullable(),
  startTime: Instant,
  endTime: Instant,
  originalEndTime: Instant,
  startingBidCents: z.number().int(),
  incrementMode: z.enum(['fixed', 'table']),
  bidIncrementCents: z.number().int(),
  reservePriceCents: z.number().int().nullable(),
  reserveMet: z.boolean(),
  softCloseSeconds: z.number().int(),
  currentPriceCents: z.number().int(),
  bidCount: z.number().int(),
  leader: Person.nullable(),
  winner: Person.nullable(),
  cancelReason: z.string().nullable(),
  cancelledAt: Instant.nullable(),
  cancelledBy: z.string().nullable(),
  relistedFromId: Uuid.nullable(),
  /** Later auctions of this item made by relisting this one. */
  relistedToIds: z.array(Uuid),
  createdAt: Instant,
  /** Every bidder's maximum (private to staff), highest first. */
  maxBids: z.array(Person.extend({ maxAmountCents: z.number().int(), setAt: Instant })),
  /** Maximums the store cancelled on this lot, newest first (the reason is in the audit log). */
  cancelledBids: z.array(z.object({ user: Person, at: Instant })),
  /** The public history, newest first (at most 100). */
  bids: z.array(z.object({ handle: z.string(), amountCents: z.number().int(), at: Instant })),
  orders: z.array(
    z.object({
      id: Uuid,
      user: Person,
      status: OrderStatus,
      finalAmountCents: z.number().int(),
      paymentDueAt: Instant,
      createdAt: Instant,
    }),
  ),
  offers: z.array(
    z.object({
      id: Uuid,
      user: Person,
      amountCents: z.number().int(),
      status: OfferStatus,
      expiresAt: Instant,
      respondedAt: Instant.nullable(),
      orderId: Uuid.nullable(),
      createdAt: Instant,
    }),
  ),
  /** Who a second-chance offer may go to now, the default first (empty when none may be made). */
  offerCandidates: z.array(Person.extend({ maxAmountCents: z.number().int() })),
  can: z.object({
    edit: z.boolean(),
    cancel: z.boolean(),
    relist: z.boolean(),
    offer: z.boolean(),
    /** The lot is live: staff may cancel a shopper's maximum (POST .../bids/:userId/cancel). */
    cancelBids: z.boolean(),
  }),
});
export type AdminAuctionDetail = z.infer<typeof AdminAuctionDetail>;

// ── Shopper: second-chance offers ─────────────────────────────────────────────────────────────

export const OfferParams = z.object({ id: Uuid });

export const OfferView = z.object({
  id: Uuid,
  status: OfferStatus,
  amountCents: z.number().int(),
  expiresAt: Instant,
  respondedAt: Instant.nullable(),
  orderId: Uuid.nullable(),
  product: z.object({ title: z.string(), slug: z.string(), imageUrl: z.string().nullable() }),
  location: z.string(),
});
export type OfferView = z.infer<typeof OfferView>;

// ── The staff forms (dollars and Vancouver wall-clock times as typed) ──────────────────────────

const LocalTime = z
  .string()
  .trim()
  .refine((v) => vancouverLocalToDate(v) !== null, 'Please enter a date and time.');

const OptionalDollars = z.union([z.literal(''), DollarText]);

/** The settings every scheduled lot carries, typed in the auction form and the drop form alike. */
const LotSettingsFields = {
  startingBid: DollarText,
  incrementMode: z.enum(['fixed', 'table']),
  increment: OptionalDollars,
  reserve: OptionalDollars,
  softCloseSeconds: z.string().regex(/^\d{1,3}$/, 'Soft close is 0 to 600 seconds.'),
  locationId: z.string().min(1, 'Please choose a pickup location.'),
};

/** The checks of those settings, and that `endKey` comes after `start`, shared by both forms. */
function checkLotSettings(
  v: {
    start: string;
    incrementMode: string;
    increment: string;
    softCloseSeconds: string;
    startingBid: string;
    reserve: string;
  },
  end: { key: string; value: string; message: string },
  ctx: z.RefinementCtx,
) {
  // One auction's rule (core lotMoneyProblems): a reserve no lower than the starting bid.
  const startingBid = parseDollarsToCents(v.startingBid);
  const reserve = v.reserve === '' ? null : parseDollarsToCents(v.reserve);
  if (startingBid !== null && reserve !== null && reserve < startingBid)
    ctx.addIssue({
      code: 'custom',
      path: ['reserve'],
      message: 'The reserve must be at least the starting bid.',
    });
  if (v.incrementMode === 'fixed' && (v.increment === '' || Number(v.increment) <= 0))
    ctx.addIssue({ code: 'custom', path: ['increment'], message: 'Please enter the increment.' });
  if (Number(v.softCloseSeconds) > SCHEDULING_LIMITS.maxSoftCloseSeconds)
    ctx.addIssue({
      code: 'custom',
      path: ['softCloseSeconds'],
      message: 'Soft close is 0 to 600 seconds.',
    });
  const startAt = vancouverLocalToDate(v.start);
  const endAt = vancouverLocalToDate(end.value);
  if (startAt && endAt && endAt <= startAt)
    ctx.addIssue({ code: 'custom', path: [end.key], message: end.message });
}

/** The schedule form: one auction or a relist. */
export const AuctionFormValues = z
  .object({ start: LocalTime, end: LocalTime, ...LotSettingsFields })
  .superRefine((v, ctx) =>
    checkLotSettings(v, { key: 'end', value: v.end, message: 'The end must be after the start.' }, ctx),
  );
export type AuctionFormValues = z.infer<typeof AuctionFormValues>;

/** The shared settings in cents, as the API takes them. */
function lotSettingsFromForm(v: Omit<AuctionFormValues, 'start' | 'end'>) {
  return {
    startingBidCents: dollarTextToCents(v.startingBid),
    incrementMode: v.incrementMode,
    bidIncrementCents: v.incrementMode === 'fixed' && v.increment ? dollarTextToCents(v.increment) : 100,
    reservePriceCents: v.reserve ? dollarTextToCents(v.reserve) : null,
    softCloseSeconds: Number(v.softCloseSeconds),
    locationId: v.locationId,
  };
}

export function auctionSettingsFromForm(v: AuctionFormValues): AuctionSettingsInput {
  return {
    startTime: vancouverLocalToDate(v.start)!.toISOString(),
    endTime: vancouverLocalToDate(v.end)!.toISOString(),
    ...lotSettingsFromForm(v),
  };
}

/** Form values showing an auction's settings (times in Vancouver). */
export function auctionFormFromSettings(a: {
  startTime: string;
  endTime: string;
  startingBidCents: number;
  incrementMode: 'fixed' | 'table';
  bidIncrementCents: number;
  reservePriceCents: number | null;
  softCloseSeconds: number;
  locationId: string;
}): AuctionFormValues {
  const dollars = (c: number) => (c / 100).toFixed(2);
  return {
    start: dateToVancouverLocal(new Date(a.startTime)),
    end: dateToVancouverLocal(new Date(a.endTime)),
    startingBid: dollars(a.startingBidCents),
    incrementMode: a.incrementMode,
    increment: a.incrementMode === 'fixed' ? dollars(a.bidIncrementCents) : '',
    reserve: a.reservePriceCents === null ? '' : dollars(a.reservePriceCents),
    softCloseSeconds: String(a.softCloseSeconds),
    locationId: a.locationId,
  };
}

/** The drop form: a name, one start, the first end and the stagger, shared settings. */
export const DropFormValues = z
  .object({
    title: z.string().trim().min(3, 'Please name the drop (at least 3 characters).').max(200),
    start: LocalTime,
    firstEnd: LocalTime,
    staggerSeconds: z.string().regex(/^\d{1,4}$/, STAGGER_RANGE_MESSAGE),
    ...LotSettingsFields,
  })
  .superRefine((v, ctx) => {
    if (Number(v.staggerSeconds) > SCHEDULING_LIMITS.maxStaggerSeconds)
      ctx.addIssue({
        code: 'custom',
        path: ['staggerSeconds'],
        message: STAGGER_RANGE_MESSAGE,
      });
    checkLotSettings(
      v,
      { key: 'firstEnd', value: v.firstEnd, message: 'The first end must be after the start.' },
      ctx,
    );
  });
export type DropFormValues = z.infer<typeof DropFormValues>;

export function dropInputFromForm(v: DropFormValues, productIds: string[]): CreateDropInput {
  return {
    title: v.title,
    productIds,
    startTime: vancouverLocalToDate(v.start)!.toISOString(),
    firstEndTime: vancouverLocalToDate(v.firstEnd)!.toISOString(),
    staggerSeconds: Number(v.staggerSeconds),
    ...lotSettingsFromForm(v),
  };
}
