import { gtinProblem, parseGtin } from '@rebound/core/item-identity';
import { z } from 'zod';
import { DollarText, dollarTextToCents, type ProductInput } from './admin-catalogue';
import { Condition, NonReturnableKind, SaleTerms } from './catalog';
import { Instant, Uuid } from './common';

// The receiving bench (back-office Intake, docs/product.md "Intake"; decision 093): scan a unit's
// barcode (or type a model number), get the item's details from its latest unit, save the new unit
// with what is its own (condition, shelf, photos) and a SKU the store gives in the item's series.

/** GET /api/admin/catalogue/intake/lookup?code=: a GTIN in any of its forms, or a model number. */
export const IntakeLookupQuery = z.object({
  code: z
    .string({ error: 'Please scan a barcode or type a GTIN or model number.' })
    .trim()
    .min(1, 'Please scan a barcode or type a GTIN or model number.')
    .max(64, 'A GTIN or model number has at most 64 characters.'),
});
export type IntakeLookupQuery = z.infer<typeof IntakeLookupQuery>;

/** What a new unit copies from its item's latest unit. */
export const IntakeItem = z.object({
  /** The latest unit (product) of the item. */
  productId: Uuid,
  title: z.string(),
  brand: z.string(),
  description: z.string(),
  categoryId: Uuid.nullable(),
  retailPriceCents: z.number().int(),
  /** The latest unit's resale price and the condition it was priced for: a suggestion. */
  resalePriceCents: z.number().int(),
  condition: Condition,
  saleTerms: SaleTerms,
  nonReturnableKind: NonReturnableKind.nullable(),
  /** Normal form (14 digits) or null. */
  gtin: z.string().nullable(),
  model: z.string().nullable(),
  /** The latest unit's SKU as pages show it. */
  sku: z.string(),
  /** Units of the item in the catalogue so far. */
  unitCount: z.number().int(),
  receivedAt: Instant,
});
export type IntakeItem = z.infer<typeof IntakeItem>;

export const IntakeLookup = z.discriminatedUnion('found', [
  z.object({
    found: z.literal(true),
    /** What the code matched: the GTIN, or the model number. */
    by: z.enum(['gtin', 'model']),
    item: IntakeItem,
    /** The SKU the next unit would get now (the server decides on save); null: a new store series. */
    nextSku: z.string().nullable(),
  }),
  z.object({
    found: z.literal(false),
    /** The code as a GTIN (normal form) when it is one, else as a model number. */
    gtin: z.string().nullable(),
    model: z.string().nullable(),
  }),
]);
export type IntakeLookup = z.infer<typeof IntakeLookup>;

/** The bench's form (prices in dollars as typed); `intakeInputFromForm` makes the API body (ProductInput). */
export const IntakeFormValues = z.object({
  title: z.string().trim().min(3, 'Please enter a title (at least 3 characters).').max(200),
  brand: z.string().trim().max(100, 'A brand has at most 100 characters.'),
  description: z.string().trim().max(5000, 'A description has at most 5,000 characters.'),
  categoryId: z.string(),
  condition: z.enum(Condition.options, { error: 'Please choose this unit’s condition.' }),
  retail: DollarText,
  resale: DollarText,
  /** Empty: the store gives the next in the item's series. */
  sku: z
    .string()
    .trim()
    .max(64, 'A SKU has at most 64 characters.')
    .regex(/^[A-Za-z0-9._-]*$/, 'A SKU uses only letters, digits, dots, dashes and underscores.'),
  deskNotes: z.string().trim().max(1000, 'Desk notes have at most 1,000 characters.'),
  /** As typed (any form); checked as the API checks it. Empty: none. */
  gtin: z
    .string()
    .trim()
    .max(32, 'A GTIN has at most 14 digits.')
    .superRefine((v, ctx) => {
      if (v === '') return;
      const parsed = parseGtin(v);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: gtinProblem(parsed.reason) });
    }),
  model: z.string().trim().max(64, 'A model number has at most 64 characters.'),
  saleTerms: SaleTerms,
  nonReturnableKind: z.union([NonReturnableKind, z.literal('')]),
});
export type IntakeFormValues = z.infer<typeof IntakeFormValues>;

export function intakeInputFromForm(v: IntakeFormValues): ProductInput {
  return {
    title: v.title,
    brand: v.brand,
    description: v.description,
    categoryId: v.categoryId || null,
    condition: v.condition,
    retailPriceCents: dollarTextToCents(v.retail),
    resalePriceCents: dollarTextToCents(v.resale),
    sku: v.sku || null,
    gtin: v.gtin || null,
    model: v.model || null,
    isFeatured: false,
    deskNotes: v.deskNotes.trim() || null,
    saleTerms: v.saleTerms,
    nonReturnableKind: v.nonReturnableKind || null,
  };
}
