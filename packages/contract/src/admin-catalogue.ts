import { AUCTION_STATUSES } from '@rebound/core/auction-status';
import { gtinProblem, parseGtin, tidyModel } from '@rebound/core/item-identity';
import { parseDollarsToCents } from '@rebound/core/money';
import { PRODUCT_STATUSES } from '@rebound/core/product-status';
import { z } from 'zod';
import { adminListQuery, adminPage } from './admin';
import { MAX_BID_CENTS } from './bidding';
import { Condition, ImageVariant } from './catalog';
import { Instant, Uuid } from './common';
import { NonReturnableKind, SaleTerms } from './returns';

// The back-office catalogue: products and their images, staff only.

/** Every product status, as core lists them (packages/core/src/product-status.ts). */
export const ADMIN_PRODUCT_STATUSES = PRODUCT_STATUSES;
export const AdminProductStatus = z.enum(ADMIN_PRODUCT_STATUSES);
export type AdminProductStatus = z.infer<typeof AdminProductStatus>;

export const ADMIN_PRODUCT_STATUS_LABELS: Record<AdminProductStatus, string> = {
  draft: 'Draft',
  auctioned: 'On auction',
  sold: 'Sold',
  unsold: 'Unsold',
  to_relist: 'To relist',
  withdrawn: 'Withdrawn',
};

export const ADMIN_PRODUCT_SORTS = [
  'updated',
  'created',
  'title',
  'sku',
  'retail',
  'resale',
  'status',
] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** GET /api/admin/catalogue/products: one search box (title, brand, SKU words; or a GTIN in any form, or a model number) and the filters. */
export const AdminProductQuery = adminListQuery(ADMIN_PRODUCT_SORTS, 'updated').extend({
  status: z.preprocess(emptyToUndefined, AdminProductStatus.optional()),
  categoryId: z.preprocess(emptyToUndefined, Uuid.optional()),
  condition: z.preprocess(emptyToUndefined, Condition.optional()),
  featured: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
});
export type AdminProductQuery = z.infer<typeof AdminProductQuery>;

/** The largest money figure a product carries: the bid bound, as every money column's CHECK. */
export const MAX_PRODUCT_CENTS = MAX_BID_CENTS;

const Money = z
  .number({ error: 'Please enter an amount.' })
  .int('Please enter whole cents.')
  .min(0, 'The amount cannot be negative.')
  .max(
    MAX_PRODUCT_CENTS,
    `The amount cannot be above $${(MAX_PRODUCT_CENTS / 100).toLocaleString('en-CA')}.`,
  );

/** SKU: letters, digits, dot, dash, underscore; stored upper-case. Empty means none. */
export const Sku = z
  .string()
  .trim()
  .max(64, 'A SKU has at most 64 characters.')
  .regex(/^[A-Za-z0-9._-]*$/, 'A SKU uses only letters, digits, dots, dashes and underscores.')
  .transform((v) => (v === '' ? null : v.toUpperCase()));

/**
 * A GTIN as typed or scanned (UPC-A, UPC-E, EAN-13, GTIN-14; spaces and dashes allowed), its check
 * digit verified, as its normal form (14 digits, packages/core/src/item-identity.ts). Empty: none.
 */
export const Gtin = z
  .string()
  .max(32, 'A GTIN has at most 14 digits.')
  .transform((v, ctx) => {
    if (v.trim() === '') return null;
    const parsed = parseGtin(v);
    if (parsed.ok) return parsed.gtin;
    ctx.addIssue({ code: 'custom', message: gtinProblem(parsed.reason) });
    return z.NEVER;
  });

/** The maker's model number (part number), tidied; compared without case, spaces or dashes. Empty: none. */
export const ModelNumber = z
  .string()
  .max(64, 'A model number has at most 64 characters.')
  .transform((v) => tidyModel(v) || null);

/** POST (create) and PUT (edit) body of a product. */
export const ProductInput = z.object({
  title: z
    .string()
    .trim()
    .min(3, 'Please enter a title (at least 3 characters).')
    .max(200, 'A title has at most 200 characters.'),
  brand: z.string().trim().max(100, 'A brand has at most 100 characters.').default(''),
  description: z.string().trim().max(5000, 'A description has at most 5,000 characters.').default(''),
  categoryId: Uuid.nullable(),
  condition: Condition,
  retailPriceCents: Money,
  resalePriceCents: Money,
  sku: Sku.nullable().default(null),
  /** The barcode number; answered back in its normal form (14 digits). Left out: none on create, unchanged on edit. */
  gtin: Gtin.nullable().optional(),
  /** The maker's model number. Left out: none on create, unchanged on edit. */
  model: ModelNumber.nullable().optional(),
  isFeatured: z.boolean().default(false),
  deskNotes: z
    .string()
    .trim()
    .max(1000, 'Desk notes have at most 1,000 characters.')
    .nullable()
    .default(null),
  /** Final Sale and As-Is items cannot be returned (docs/decisions/055). Left out: 'standard' on create, unchanged on edit. */
  saleTerms: SaleTerms.optional(),
  /** A never-returnable kind (perishable, gift card...); null for ordinary goods. Left out: unchanged (null on create). */
  nonReturnableKind: NonReturnableKind.nullable().optional(),
});
export type ProductInput = z.input<typeof ProductInput>;

/** Dollars as typed in a form: up to two decimals, within the money bound. */
export const DollarText = z
  .string()
  .trim()
  .min(1, 'Please enter an amount.')
  .regex(/^\d{1,6}(\.\d{1,2})?$/, 'Please enter an amount in dollars, like 129.99.')
  .refine((v) => (parseDollarsToCents(v) ?? Number.POSITIVE_INFINITY) <= MAX_PRODUCT_CENTS, {
    message: `The amount cannot be above $${(MAX_PRODUCT_CENTS / 100).toLocaleString('en-CA')}.`,
  });

/**
 * Cents of a dollar field DollarText has accepted, by core's exact parse (parseDollarsToCents, never
 * `Number(text) * 100`). A text the schema did not accept is a programming error and throws.
 */
export function dollarTextToCents(text: string): number {
  const cents = parseDollarsToCents(text);
  if (cents === null) throw new RangeError(`Not an amount DollarText accepts: ${JSON.stringify(text)}`);
  return cents;
}

/**
 * The fields of a product's details that every staff form has (the catalogue editor, the intake
 * bench): text as typed, prices in dollars as typed. `productFieldsToInput` makes their part of the
 * API body.
 */
export const PRODUCT_FORM_FIELDS = {
  title: z.string().trim().min(3, 'Please enter a title (at least 3 characters).').max(200),
  brand: z.string().trim().max(100, 'A brand has at most 100 characters.'),
  description: z.string().trim().max(5000, 'A description has at most 5,000 characters.'),
  categoryId: z.string(),
  retail: DollarText,
  resale: DollarText,
  sku: z
    .string()
    .trim()
    .max(64, 'A SKU has at most 64 characters.')
    .regex(/^[A-Za-z0-9._-]*$/, 'A SKU uses only letters, digits, dots, dashes and underscores.'),
  /** As typed or scanned (any form); checked with core's words, sent as typed (the API normalises). */
  gtin: z
    .string()
    .max(32, 'A GTIN has at most 14 digits.')
    .superRefine((v, ctx) => {
      if (v.trim() === '') return;
      const parsed = parseGtin(v);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: gtinProblem(parsed.reason) });
    }),
  model: z.string().trim().max(64, 'A model number has at most 64 characters.'),
  deskNotes: z.string().trim().max(1000, 'Desk notes have at most 1,000 characters.'),
};

type ProductFormFields = z.infer<z.ZodObject<typeof PRODUCT_FORM_FIELDS>>;

/** The API body's part that the shared fields make (an empty SKU, GTIN, model or shelf: none). */
export function productFieldsToInput(v: ProductFormFields) {
  return {
    title: v.title,
    brand: v.brand,
    description: v.description,
    categoryId: v.categoryId || null,
    retailPriceCents: dollarTextToCents(v.retail),
    resalePriceCents: dollarTextToCents(v.resale),
    sku: v.sku || null,
    gtin: v.gtin.trim() || null,
    model: v.model.trim() || null,
    deskNotes: v.deskNotes.trim() || null,
  };
}

/** The staff form's values (prices in dollars as typed); `productInputFromForm` makes the API body. */
export const ProductFormValues = z.object({
  ...PRODUCT_FORM_FIELDS,
  condition: Condition,
  isFeatured: z.boolean(),
});
export type ProductFormValues = z.infer<typeof ProductFormValues>;

export function productInputFromForm(v: ProductFormValues): ProductInput {
  return { ...productFieldsToInput(v), condition: v.condition, isFeatured: v.isFeatured };
}

export const AdminProductImage = z.object({
  id: Uuid,
  position: z.number().int(),
  url: z.string(),
  alt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  variants: z.array(ImageVariant),
});
export type AdminProductImage = z.infer<typeof AdminProductImage>;

export const AdminProductRow = z.object({
  id: Uuid,
  slug: z.string(),
  title: z.string(),
  brand: z.string(),
  /** The SKU every page shows: the seller's own, or the one made from the slug (core's productSku). */
  sku: z.string(),
  status: AdminProductStatus,
  condition: Condition,
  categoryName: z.string().nullable(),
  isFeatured: z.boolean(),
  retailPriceCents: z.number().int(),
  resalePriceCents: z.number().int(),
  /** The cover's smallest picture, for the table's thumbnail. */
  thumbnailUrl: z.string().nullable(),
  imageCount: z.number().int(),
  updatedAt: Instant,
});
export type AdminProductRow = z.infer<typeof AdminProductRow>;

export const AdminProductList = adminPage(AdminProductRow);
export type AdminProductList = z.infer<typeof AdminProductList>;

export const AdminProduct = z.object({
  id: Uuid,
  slug: z.string(),
  title: z.string(),
  brand: z.string(),
  description: z.string(),
  categoryId: Uuid.nullable(),
  condition: Condition,
  retailPriceCents: z.number().int(),
  resalePriceCents: z.number().int(),
  /** The seller's own SKU (the editor's field); null: pages show the one made from the slug. */
  sku: z.string().nullable(),
  /** The barcode number in its normal form (14 digits), or null. */
  gtin: z.string().nullable(),
  /** The maker's model number, or null. */
  model: z.string().nullable(),
  isFeatured: z.boolean(),
  deskNotes: z.string().nullable(),
  /** How it is sold: 'standard', 'final_sale' (Final Sale) or 'as_is' (As-Is); the last two are not returnable. */
  saleTerms: SaleTerms,
  nonReturnableKind: NonReturnableKind.nullable(),
  status: AdminProductStatus,
  createdAt: Instant,
  updatedAt: Instant,
  images: z.array(AdminProductImage),
  /** The latest auction that is not cancelled, if any. */
  auction: z
    .object({
      id: Uuid,
      status: z.enum(AUCTION_STATUSES),
      bidCount: z.number().int(),
      endTime: Instant,
    })
    .nullable(),
});
export type AdminProduct = z.infer<typeof AdminProduct>;

export const AdminProductParams = z.object({ id: Uuid });
export const AdminProductImageParams = z.object({ id: Uuid, imageId: Uuid });

export const WithdrawInput = z.object({
  reason: z.string().trim().max(500, 'Please keep the reason under 500 characters.').optional(),
});
export type WithdrawInput = z.infer<typeof WithdrawInput>;

/** PUT .../images/order: every image id of the product, cover first. */
export const ImageOrderInput = z.object({
  imageIds: z.array(Uuid).min(1).max(50),
});
export type ImageOrderInput = z.infer<typeof ImageOrderInput>;

/** Upload limits, shared by the server and the form's hints. */
export const IMAGE_UPLOAD_LIMITS = {
  /** Bytes per file. */
  maxFileBytes: 15 * 1024 * 1024,
  /** Files in one upload. */
  maxFilesPerUpload: 10,
  /** Images a product can have. */
  maxImagesPerProduct: 20,
  /**
   * Decoded pixels (width x height): 40 megapixels, above any phone's default photo (12-24 MP) and
   * most cameras'; read from the header before decoding (docs/decisions/047).
   */
  maxPixels: 40_000_000,
} as const;

/** The widths the pages use (cards ~300 px, product page up to ~640 px at 2x, phones 100vw). */
export const IMAGE_WIDTHS = [320, 640, 1200] as const;

export const ImagesResponse = z.object({ images: z.array(AdminProductImage) });
export type ImagesResponse = z.infer<typeof ImagesResponse>;
