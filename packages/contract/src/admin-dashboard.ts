import { z } from 'zod';
import { Cents, Instant, Uuid } from './common';
import { DeskMarkWeek } from './desk-marks';

// The back-office dashboard: one answer with every number, from the database.

/** How often the dashboard asks again (it also asks at once on a live bid or order event). */
export const DASHBOARD_REFRESH_MS = 15_000;

export const DashboardResponse = z.object({
  generatedAt: Instant,
  /** The Vancouver date the "today" numbers are for (YYYY-MM-DD). */
  today: z.string(),
  liveAuctions: z.number().int(),
  bidsLastHour: z.number().int(),
  /** Live or scheduled auctions ending today, Vancouver time (still to end). */
  endingToday: z.object({ count: z.number().int(), nextEndsAt: Instant.nullable() }),
  /** Payments this week (Monday to Sunday, Vancouver), by day. */
  revenueWeek: z.object({
    totalCents: Cents,
    days: z.array(z.object({ date: z.string(), cents: Cents, payments: z.number().int() })),
  }),
  /** Unpaid orders whose payment deadline is within 24 hours. */
  unpaidNearDeadline: z.object({
    count: z.number().int(),
    items: z.array(
      z.object({
        orderId: Uuid,
        orderNumber: z.string(),
        productTitle: z.string(),
        handle: z.string(),
        email: z.string(),
        totalCents: Cents,
        paymentDueAt: Instant,
      }),
    ),
  }),
  /** Pickup appointments today (Vancouver), booked or handed over. */
  pickupsToday: z.object({
    count: z.number().int(),
    completed: z.number().int(),
    items: z.array(
      z.object({
        orderNumber: z.string(),
        productTitle: z.string(),
        handle: z.string(),
        startsAt: Instant,
        status: z.string(),
      }),
    ),
  }),
  /** Items the pickup desk found missing or damaged, per week (Monday to Sunday, shop dates), the last 8 weeks, oldest first. */
  deskMarksByWeek: z.array(DeskMarkWeek),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;
