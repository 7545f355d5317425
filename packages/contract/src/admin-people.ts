import { z } from 'zod';
import { adminListQuery, adminPage, Reason } from './admin';
import { Cents, Instant, Uuid } from './common';

// People in the back-office: search, detail, suspend and restore, strikes, roles.

export const PERSON_ROLES = ['shopper', 'staff'] as const;
export const PERSON_STATUSES = ['active', 'suspended'] as const;
export const PEOPLE_SORTS = ['joined', 'name', 'email', 'strikes'] as const;

export const PeopleQuery = adminListQuery(PEOPLE_SORTS, 'joined').extend({
  role: z.enum(PERSON_ROLES).optional(),
  status: z.enum(PERSON_STATUSES).optional(),
});
export type PeopleQuery = z.infer<typeof PeopleQuery>;

export const PersonRow = z.object({
  id: Uuid,
  email: z.string(),
  handle: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  role: z.enum(PERSON_ROLES),
  status: z.enum(PERSON_STATUSES),
  /** Active (not removed) strikes. */
  strikes: z.number().int(),
  joinedAt: Instant,
});
export type PersonRow = z.infer<typeof PersonRow>;

export const PeopleResponse = adminPage(PersonRow);
export type PeopleResponse = z.infer<typeof PeopleResponse>;

export const PersonBid = z.object({
  id: Uuid,
  auctionId: Uuid,
  productTitle: z.string(),
  amountCents: Cents,
  at: Instant,
  auctionStatus: z.string(),
  /** The person leads (live) or won (ended) this auction. */
  leading: z.boolean(),
});

export const PersonOrder = z.object({
  id: Uuid,
  orderNumber: z.string(),
  productTitle: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  totalCents: Cents,
  paymentDueAt: Instant,
  createdAt: Instant,
});

export const PersonStrike = z.object({
  id: Uuid,
  kind: z.string(),
  reason: z.string(),
  orderId: Uuid.nullable(),
  createdAt: Instant,
  removedAt: Instant.nullable(),
  removedReason: z.string().nullable(),
  removedBy: z.string().nullable(),
});

export const PersonDetail = z.object({
  person: PersonRow.extend({
    staffNotes: z.string(),
    emailVerified: z.boolean(),
    marketingConsent: z.boolean(),
  }),
  /** The account's bidding limits (docs/product.md "Bidding limits", core bidding-limits.ts). */
  bidding: z.object({
    /** The highest maximum staff allow; null: none set (the store's new-account rule applies). */
    limitCents: z.number().int().nullable(),
    phoneConfirmed: z.boolean(),
    /** When staff approved bids above the new-account cap; null: not approved. */
    approvedAt: Instant.nullable(),
    /** The new-account cap holds now (no limit set, not approved, and no confirmed phone or too new). */
    underNewAccountRule: z.boolean(),
    newAccountCapCents: z.number().int(),
    /** When the account stops being new by age alone. */
    newAccountUntil: Instant,
  }),
  /** The 50 latest bids. */
  bids: z.array(PersonBid),
  bidCount: z.number().int(),
  /** The 50 latest orders. */
  orders: z.array(PersonOrder),
  strikes: z.array(PersonStrike),
});
export type PersonDetail = z.infer<typeof PersonDetail>;

export const ReasonBody = z.object({ reason: Reason });
export type ReasonBody = z.infer<typeof ReasonBody>;

export const RoleBody = z.object({ role: z.enum(PERSON_ROLES), reason: Reason });
export type RoleBody = z.infer<typeof RoleBody>;

export const NotesBody = z.object({
  notes: z.string().max(5000, 'Please keep the notes under 5,000 characters.'),
});
export type NotesBody = z.infer<typeof NotesBody>;

/** PUT /api/admin/people/:id/bid-limit: the highest maximum the account may place; null removes it. */
export const BidLimitBody = z.object({
  limit: z.string().trim().max(20, 'Please enter an amount in dollars, like 500 or 1,250.00.').nullable(),
  reason: z.string().trim().max(500, 'Please keep the reason under 500 characters.').optional(),
});
export type BidLimitBody = z.infer<typeof BidLimitBody>;

/** The back office's approval form: the reason may be left empty. */
export const ApproveBiddingForm = z.object({
  reason: z.string().trim().max(500, 'Please keep the reason under 500 characters.'),
});
/** POST /api/admin/people/:id/approve-bidding: approve bids above the new-account cap (audited). */
export const ApproveBiddingBody = ApproveBiddingForm.partial();
export type ApproveBiddingBody = z.infer<typeof ApproveBiddingBody>;
