import { z } from 'zod';
import { Instant } from './common';

export const TimeResponse = z.object({ serverTime: Instant });
export type TimeResponse = z.infer<typeof TimeResponse>;

/** Test mode only: move the server's clock (browser tests fast-forward auctions with it). */
export const TestClockRequest = z
  .object({
    advanceMs: z
      .number()
      .int()
      .min(0)
      .max(365 * 86_400_000)
      .optional(),
    set: Instant.optional(),
  })
  .refine((b) => (b.advanceMs === undefined) !== (b.set === undefined), {
    message: 'Give exactly one of advanceMs or set.',
  });

export const HealthResponse = z.object({ status: z.literal('ok') });
export const ReadyResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.boolean(),
  /** Live updates reach this server's sockets (false while its LISTEN connection reconnects). */
  realtime: z.boolean(),
});
