// Returns: the shopper's request, the drop-off booking, the desk's receipt and the refund or refusal
// (docs/product.md "Returns"; docs/decisions/055-returns.md). The rules behind these shapes are
// core's (packages/core/src/returns.ts); the server fills them. Error codes: returns-errors.ts.

import { parseSlotId, SLOT_ID_LENGTH } from '@rebound/core/pickup';
import {
  isRefusalReasonClear,
  NON_RETURNABLE_KIND_LABELS,
  NON_RETURNABLE_KINDS,
  RETURN_CHECK_LABELS,
  RETURN_CHECKS,
  RETURN_NOTE_MAX,
  RETURN_PHOTOS_MAX,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_REFUSAL_MAX,
  RETURN_REFUSAL_MIN,
  RETURN_REFUSAL_WORDS_MESSAGE,
  RETURN_REFUSALS,
  RETURN_STATE_LABELS,
  RETURN_STATES,
  RETURN_WINDOW_DAYS,
  SALE_TERMS,
  SALE_TERMS_LABELS,
} from '@rebound/core/returns';
import { isDateKey } from '@rebound/core/time';
import { z } from 'zod';
import { adminListQuery, adminPage } from './admin';
import { Cents, Instant, Uuid } from './common';

// Not imported from pickup.ts: orders.ts imports this module and pickup.ts imports orders.ts, so the
// slot shapes below are written again here (the same fields as pickup.ts's PickupSlot).
const DateKey = z.string().refine(isDateKey, { error: 'Expected a YYYY-MM-DD date.' });
const SlotId = z
  .string()
  .max(SLOT_ID_LENGTH)
  .refine((s) => parseSlotId(s) !== null, { error: 'That drop-off time is not valid.' });

/** A drop-off time as the booking page shows it: a pickup slot (PickupSlot's fields). */
export const DropOffSlot = z.object({
  slotId: z.string(),
  /** '10:00 – 10:30 a.m. PT'. */
  timeLabel: z.string(),
  availableSpots: z.number().int().min(0),
  isFull: z.boolean(),
  startsAt: Instant,
  endsAt: Instant,
});
export type DropOffSlot = z.infer<typeof DropOffSlot>;

// ── Labels and limits (the web renders these, never its own copies) ────────────────────────────

export {
  NON_RETURNABLE_KIND_LABELS,
  NON_RETURNABLE_KINDS,
  RETURN_CHECK_LABELS,
  RETURN_CHECKS,
  RETURN_NOTE_MAX,
  RETURN_PHOTOS_MAX,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_REFUSAL_MAX,
  RETURN_STATE_LABELS,
  RETURN_STATES,
  RETURN_WINDOW_DAYS,
  SALE_TERMS,
  SALE_TERMS_LABELS,
};

/** Photo uploads (multipart field `photos`): image files only, each at most this many bytes. */
export const RETURN_PHOTO_LIMITS = {
  maxFileBytes: 15 * 1024 * 1024,
  maxPhotos: RETURN_PHOTOS_MAX,
  /** What the file input's `accept` lists; the server decodes each file whatever its name says. */
  accept: 'image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif',
} as const;

export const ReturnState = z.enum(RETURN_STATES);
export type ReturnState = z.infer<typeof ReturnState>;
export const ReturnReason = z.enum(RETURN_REASONS, { error: 'Please choose a reason for the return.' });
export type ReturnReason = z.infer<typeof ReturnReason>;
// SaleTerms and NonReturnableKind are the catalogue's shapes (catalog.ts), read here as they are.
export { NonReturnableKind, SaleTerms } from './catalog';
export const ReturnRefusal = z.enum(RETURN_REFUSALS);

const Note = z
  .string()
  .trim()
  .max(RETURN_NOTE_MAX, { error: `Please keep the note under ${RETURN_NOTE_MAX} characters.` })
  .nullish()
  .transform((v) => (v ? v : null));

// ── Views ───────────────────────────────────────────────────────────────────────────────────────

export const ReturnPhoto = z.object({
  id: Uuid,
  url: z.string(),
  /** Who added it: the shopper with the request, or staff at the desk. */
  by: z.enum(['shopper', 'staff']),
});
export type ReturnPhoto = z.infer<typeof ReturnPhoto>;

/** One line of the return's history, oldest first. */
export const ReturnEvent = z.object({
  at: Instant,
  /** The state it went into ('drop_off_booked' again when the drop-off moved). */
  state: ReturnState,
  /** 'Return requested', 'Drop-off booked for Fri, Nov 27, 10:00 – 10:30 a.m. PT', 'Refunded $120.75'. */
  label: z.string(),
  /** A second line when there is one (a refusal's reason, the note). */
  detail: z.string().nullable(),
});
export type ReturnEvent = z.infer<typeof ReturnEvent>;

export const ReturnDropOff = z.object({
  slotId: z.string(),
  /** Vancouver date, YYYY-MM-DD. */
  date: DateKey,
  /** 'Fri, Nov 27, 10:00 – 10:30 a.m. PT'. */
  label: z.string(),
  startsAt: Instant,
  endsAt: Instant,
  locationName: z.string(),
});
export type ReturnDropOff = z.infer<typeof ReturnDropOff>;

/** A return as its shopper sees it (the order's page and the Orders tab). */
export const ReturnView = z.object({
  id: Uuid,
  orderId: Uuid,
  /** First 8 characters of the order id. */
  orderNumber: z.string(),
  productTitle: z.string(),
  productSlug: z.string(),
  state: ReturnState,
  /** RETURN_STATE_LABELS[state]. */
  stateLabel: z.string(),
  reason: ReturnReason,
  reasonLabel: z.string(),
  note: z.string().nullable(),
  photos: z.array(ReturnPhoto),
  /** The window's close (midnight PT after the last day). */
  deadline: Instant,
  /** 'Fri, Nov 27': the last day to bring the item back. */
  lastDayLabel: z.string(),
  /** When an open return expires (the deadline, or a late booked slot's end plus grace). */
  expiresAt: Instant,
  dropOff: ReturnDropOff.nullable(),
  /** Book or move a drop-off, add photos, withdraw: while requested or drop_off_booked. */
  canBookDropOff: z.boolean(),
  canWithdraw: z.boolean(),
  canAddPhotos: z.boolean(),
  /** What a refund pays back (price, premium and taxes; storage fees stay charged); the paid amount once refunded. */
  refundCents: Cents,
  /** Set once refused: the reason staff gave. */
  refusalReason: z.string().nullable(),
  createdAt: Instant,
  history: z.array(ReturnEvent),
});
export type ReturnView = z.infer<typeof ReturnView>;

/**
 * The return part of an order in GET /api/me/orders (OrderView.returnInfo): whether one can be
 * asked, why not, and the order's return if it has one.
 */
export const OrderReturnInfo = z.object({
  canRequest: z.boolean(),
  /** Why not (null when it can, or for orders not yet picked up). */
  refusal: ReturnRefusal.nullable(),
  /** The refusal's sentence (the same as the error's message), null when it can. */
  refusalMessage: z.string().nullable(),
  /** Picked-up orders: the window's close and its last day ('Fri, Nov 27'). */
  deadline: Instant.nullable(),
  lastDayLabel: z.string().nullable(),
  /** The order's latest return, if any. */
  current: ReturnView.nullable(),
});
export type OrderReturnInfo = z.infer<typeof OrderReturnInfo>;

// ── Shopper requests ────────────────────────────────────────────────────────────────────────────

/** POST /api/me/returns (JSON): ask to return an order. Photos follow with POST …/photos. */
export const CreateReturnRequest = z.object({
  orderId: Uuid,
  reason: ReturnReason,
  note: Note.optional(),
});
export type CreateReturnRequest = z.input<typeof CreateReturnRequest>;
export type CreateReturnBody = z.output<typeof CreateReturnRequest>;

export const ReturnParams = z.object({ id: Uuid });
export const ReturnPhotoParams = z.object({ id: Uuid, photoId: Uuid });

/** GET /api/me/returns: the shopper's returns, newest first. */
export const MyReturnsResponse = z.object({ returns: z.array(ReturnView) });
export type MyReturnsResponse = z.infer<typeof MyReturnsResponse>;

/** GET /api/me/returns/:id and every shopper action's answer. */
export const ReturnResponse = z.object({ return: ReturnView });
export type ReturnResponse = z.infer<typeof ReturnResponse>;

/** GET /api/me/returns/:id/drop-off-slots?days&startDate: the order's location's times before the deadline. */
export const DropOffSlotsQuery = z.object({
  days: z.coerce.number().int().min(1).max(14).optional(),
  startDate: DateKey.optional(),
});
export type DropOffSlotsQuery = z.infer<typeof DropOffSlotsQuery>;

export const DropOffSlotsResponse = z.object({
  serverTime: Instant,
  returnId: Uuid,
  /** The order's pickup location (its realtime room tells when places change, as for pickups). */
  locationId: Uuid,
  /** Slots by Vancouver date, only those starting before the deadline; full dates are absent. */
  slots: z.record(DateKey, z.array(DropOffSlot)),
  currentSlotId: z.string().nullable(),
  lastDayLabel: z.string(),
});
export type DropOffSlotsResponse = z.infer<typeof DropOffSlotsResponse>;

/** PUT /api/me/returns/:id/drop-off {slotId}: book, or move, the drop-off (one place in the slot). */
export const BookDropOffRequest = z.object({ slotId: SlotId });
export type BookDropOffRequest = z.infer<typeof BookDropOffRequest>;

/** POST /api/me/returns/:id/withdraw: the shopper keeps the item (frees a booked place). No body. */

/**
 * POST /api/me/returns/:id/photos and POST /api/admin/returns/:id/photos: multipart, field `photos`
 * (one or more image files); at most RETURN_PHOTOS_MAX per side. Answers ReturnResponse /
 * AdminReturnResponse.
 */

// ── Staff ───────────────────────────────────────────────────────────────────────────────────────

export const ADMIN_RETURN_SORTS = ['createdAt', 'dropOff', 'state'] as const;

/**
 * GET /api/admin/returns: q matches the shopper's email or handle, the order number, SKU or title;
 * dueToday=true: a drop-off booked for today (PT).
 */
export const AdminReturnsQuery = adminListQuery(ADMIN_RETURN_SORTS, 'createdAt').extend({
  state: z.preprocess((v) => (v === '' ? undefined : v), ReturnState.optional()),
  dueToday: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false']).optional()),
  locationId: z.preprocess((v) => (v === '' ? undefined : v), Uuid.optional()),
});
export type AdminReturnsQuery = z.input<typeof AdminReturnsQuery>;

const Shopper = z.object({ id: Uuid, email: z.string(), handle: z.string(), name: z.string() });

export const AdminReturnRow = z.object({
  id: Uuid,
  orderId: Uuid,
  orderNumber: z.string(),
  productTitle: z.string(),
  sku: z.string(),
  shopper: Shopper,
  state: ReturnState,
  stateLabel: z.string(),
  reason: ReturnReason,
  reasonLabel: z.string(),
  /** The booked drop-off's label and start, if any. */
  dropOffLabel: z.string().nullable(),
  dropOffStartsAt: Instant.nullable(),
  locationName: z.string(),
  expiresAt: Instant,
  createdAt: Instant,
});
export type AdminReturnRow = z.infer<typeof AdminReturnRow>;

export const AdminReturnsResponse = adminPage(AdminReturnRow);
export type AdminReturnsResponse = z.infer<typeof AdminReturnsResponse>;

/** The desk's condition checklist: each check true (passed) or false. */
export const ReturnChecklist = z.object(
  Object.fromEntries(RETURN_CHECKS.map((c) => [c, z.boolean()])) as Record<
    (typeof RETURN_CHECKS)[number],
    z.ZodBoolean
  >,
);
export type ReturnChecklist = z.infer<typeof ReturnChecklist>;

export const AdminReturnDetail = ReturnView.extend({
  shopper: Shopper,
  productId: Uuid,
  sku: z.string(),
  locationName: z.string(),
  /** Set once received: the checklist, the desk's note and who took it in. */
  checklist: ReturnChecklist.nullable(),
  staffNote: z.string().nullable(),
  receivedAt: Instant.nullable(),
  receivedBy: z.string().nullable(),
  /** Set once refunded or refused: who decided and when. */
  decidedAt: Instant.nullable(),
  decidedBy: z.string().nullable(),
  /** The refund made (admin-orders' refund row), once refunded. */
  refundId: Uuid.nullable(),
  /** A refusal where the shop keeps the item (it goes back to the catalogue to relist). */
  itemKept: z.boolean().nullable(),
  canReceive: z.boolean(),
  canDecide: z.boolean(),
});
export type AdminReturnDetail = z.infer<typeof AdminReturnDetail>;

/** GET /api/admin/returns/:id and every staff action's answer. */
export const AdminReturnResponse = z.object({ return: AdminReturnDetail });
export type AdminReturnResponse = z.infer<typeof AdminReturnResponse>;

/** POST /api/admin/returns/:id/receive: the item is at the desk (staff photos follow with …/photos). */
export const ReceiveReturnRequest = z.object({
  checklist: ReturnChecklist,
  note: Note.optional(),
});
export type ReceiveReturnRequest = z.input<typeof ReceiveReturnRequest>;
export type ReceiveReturnBody = z.output<typeof ReceiveReturnRequest>;

/**
 * POST /api/admin/returns/:id/refund: refunds ReturnView.refundCents through the order's payment
 * (once, whoever asks and however often). No body.
 */

/** POST /api/admin/returns/:id/refuse: the reason is shown to the shopper. */
export const RefuseReturnRequest = z.object({
  reason: z
    .string()
    .trim()
    .min(RETURN_REFUSAL_MIN, { error: `Please give a reason (at least ${RETURN_REFUSAL_MIN} characters).` })
    .max(RETURN_REFUSAL_MAX, { error: `Please keep the reason under ${RETURN_REFUSAL_MAX} characters.` })
    .refine(isRefusalReasonClear, { error: RETURN_REFUSAL_WORDS_MESSAGE }),
  /** The shop keeps the item (e.g. the shopper leaves it): it goes back to the catalogue to relist. */
  itemKept: z.boolean().default(false),
});
export type RefuseReturnRequest = z.input<typeof RefuseReturnRequest>;
export type RefuseReturnBody = z.output<typeof RefuseReturnRequest>;
