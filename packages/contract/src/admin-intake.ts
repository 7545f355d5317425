import { z } from 'zod';
import { PRODUCT_FORM_FIELDS, type ProductInput, productFieldsToInput } from './admin-catalogue';
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
  ...PRODUCT_FORM_FIELDS,
  condition: z.enum(Condition.options, { error: 'Please choose this unit’s condition.' }),
  saleTerms: SaleTerms,
  nonReturnableKind: z.union([NonReturnableKind, z.literal('')]),
});
export type IntakeFormValues = z.infer<typeof IntakeFormValues>;

/** The API body; an empty SKU: the store gives the next in the item's series. */
export function intakeInputFromForm(v: IntakeFormValues): ProductInput {
  return {
    ...productFieldsToInput(v),
    condition: v.condition,
    isFeatured: false,
    saleTerms: v.saleTerms,
    nonReturnableKind: v.nonReturnableKind || null,
  };
}
