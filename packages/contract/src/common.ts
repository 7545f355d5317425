import { z } from 'zod';

/** ISO-8601 instant with offset (the server always sends UTC, `...Z`). */
export const Instant = z.iso.datetime({ offset: true });
export const Uuid = z.uuid();
export const Cents = z.number().int();

export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
