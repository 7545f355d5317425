import {
  GST_NUMBER_INVALID,
  normalizeGstNumber,
  normalizePstNumber,
  PST_NUMBER_INVALID,
} from '@rebound/core/tax-registration';
import { z } from 'zod';

// The seller's GST/HST and BC PST registration numbers, which every receipt prints: a back-office
// setting whose default is the server's configuration (docs/decisions/078; core tax-registration.ts).

export const TaxRegistrationNumbers = z.object({
  gstNumber: z.string().nullable(),
  pstNumber: z.string().nullable(),
});

/** GET (staff): what staff entered, what the server is configured with, and what receipts print. */
export const AdminTaxRegistration = z.object({
  /** Entered in Settings; null where staff left it empty. */
  saved: TaxRegistrationNumbers,
  /** SELLER_GST_NUMBER / SELLER_PST_NUMBER (the demo numbers outside production); null where unset. */
  configured: TaxRegistrationNumbers,
  /** What the next receipt prints: each saved number, else the configured one. */
  inUse: TaxRegistrationNumbers,
});
export type AdminTaxRegistration = z.infer<typeof AdminTaxRegistration>;

/** A number as typed: checked in core's format, kept in its printed form; empty means 'the configured one'. */
function numberField(normalize: (text: string) => string | null, message: string) {
  return z
    .string()
    .trim()
    .max(40, message)
    .refine((v) => v === '' || normalize(v) !== null, message)
    .transform((v) => (v === '' ? null : normalize(v)));
}

/** PUT (staff): both numbers; an empty one falls back to the configured number. */
export const AdminTaxRegistrationUpdate = z.object({
  gstNumber: numberField(normalizeGstNumber, GST_NUMBER_INVALID),
  pstNumber: numberField(normalizePstNumber, PST_NUMBER_INVALID),
});
export type AdminTaxRegistrationUpdate = z.input<typeof AdminTaxRegistrationUpdate>;
