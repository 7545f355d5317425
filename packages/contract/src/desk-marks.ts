// The pickup desk's missing or damaged items (docs/decisions/057-desk-missing-damaged.md): staff
// mark an item instead of handing it over and the order is refunded in full at once. Staff only
// (/api/admin). Its own module so that no page outside the back-office loads it.
import { z } from 'zod';
import { Cents, Instant, Uuid } from './common';
import { OrderStatus } from './orders';

export const DESK_MARK_PATHS = {
  /** POST: mark the order's item missing or damaged (refunds it in full, once). */
  markPattern: '/api/admin/pickup/orders/:orderId/mark',
  mark: (orderId: string) => `/api/admin/pickup/orders/${encodeURIComponent(orderId)}/mark`,
} as const;

export const DeskMarkKind = z.enum(['missing', 'damaged']);
export type DeskMarkKind = z.infer<typeof DeskMarkKind>;

export const DeskMarkRequest = z.object({
  kind: DeskMarkKind,
  note: z
    .string()
    .trim()
    .max(500, { error: 'Keep the note under 500 characters.' })
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type DeskMarkRequest = z.input<typeof DeskMarkRequest>;

/** A desk mark as the back-office shows it (the desk's answer, the order's page). */
export const DeskMarkView = z.object({
  orderId: Uuid,
  kind: DeskMarkKind,
  /** 'Missing' / 'Damaged'. */
  kindLabel: z.string(),
  note: z.string().nullable(),
  /** The staff member's name or email. */
  staff: z.string(),
  markedAt: Instant,
  refundId: Uuid.nullable(),
  refundedCents: Cents,
});
export type DeskMarkView = z.infer<typeof DeskMarkView>;

export const DeskMarkResponse = z.object({
  mark: DeskMarkView,
  orderStatus: OrderStatus,
  /** True when the order was marked before (a double click, two staff at once): nothing was refunded again. */
  replayed: z.boolean(),
  /** 'Refunded $12.34 to the card.' */
  message: z.string(),
});
export type DeskMarkResponse = z.infer<typeof DeskMarkResponse>;

/** The dashboard's count of desk marks by week (Monday to Sunday, the shop's dates), oldest first. */
export const DeskMarkWeek = z.object({
  /** The week's Monday, 'YYYY-MM-DD'. */
  weekOf: z.string(),
  missing: z.number().int(),
  damaged: z.number().int(),
});
export type DeskMarkWeek = z.infer<typeof DeskMarkWeek>;
