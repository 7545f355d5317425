import { parseCondition } from '@rebound/core/catalog';
import {
  MAX_ROW_QUANTITY,
  maxSeriesSkuLength,
  parseQuantityCell,
  parseSaleTermsCell,
  parseYesNo,
  splitImageNames,
} from '@rebound/core/manifest';
import { parseDollarsToCents } from '@rebound/core/money';
import { z } from 'zod';
import { adminListQuery, adminPage } from './admin';
import { Gtin, ModelNumber, ProductInput, Sku } from './admin-catalogue';
import { CONDITIONS } from './catalog';
import { Instant, Uuid } from './common';

// The manifest import: a CSV of lots (and their photos) checked row by row into a
// preview, then its valid rows imported by a background job, idempotent by SKU. Staff only.

/** The manifest's columns, in the template's order. Headers match without case or spaces. */
export const MANIFEST_COLUMNS = [
  {
    key: 'sku',
    label: 'SKU',
    required: true,
    example: 'RB-10001',
    help: 'Your stock-keeping unit: letters, digits, dots, dashes, underscores. The import matches products by it.',
  },
  {
    key: 'title',
    label: 'Title',
    required: true,
    example: 'Cordless Drill Kit',
    help: '3 to 200 characters.',
  },
  { key: 'brand', label: 'Brand', required: false, example: 'DeWalt', help: 'Up to 100 characters.' },
  {
    key: 'description',
    label: 'Description',
    required: false,
    example: 'A 20V drill with two batteries.',
    help: 'Up to 5,000 characters; line breaks are kept.',
  },
  {
    key: 'category',
    label: 'Category',
    required: false,
    example: 'Garden & Tools',
    help: "A category's name or its slug, as in the catalogue. Empty means Other.",
  },
  {
    key: 'condition',
    label: 'Condition',
    required: true,
    example: 'Open Box',
    help: 'Like New, Open Box or Gently Used (or like_new, open_box, gently_used).',
  },
  {
    key: 'retail_price',
    label: 'Retail price',
    required: true,
    example: '199.99',
    help: 'In dollars, like 199.99 or $1,299.00.',
  },
  {
    key: 'resale_price',
    label: 'Resale price',
    required: true,
    example: '99.99',
    help: 'In dollars, like 99.99.',
  },
  { key: 'featured', label: 'Featured', required: false, example: 'no', help: 'yes or no (empty means no).' },
  {
    key: 'desk_notes',
    label: 'Desk notes',
    required: false,
    example: 'Shelf B4',
    help: 'For the pickup desk (e.g. shelf location); never shown to shoppers.',
  },
  {
    key: 'images',
    label: 'Images',
    required: false,
    example: 'RB-10001.jpg; RB-10001_2.jpg',
    help: "Photo file names separated by ';', uploaded with the CSV. Photos named after the SKU (RB-10001.jpg, RB-10001_2.jpg) match without this column.",
  },
  {
    key: 'sale_terms',
    label: 'Sale terms',
    required: false,
    example: '',
    help: 'Final Sale or As-Is (or final_sale, as_is): the item cannot be returned. Empty means a standard sale, returnable under the policy.',
  },
  {
    key: 'gtin',
    label: 'GTIN (barcode)',
    required: false,
    example: '885911425308',
    help: 'The barcode number: a UPC (12 digits, or 8 for UPC-E), an EAN (13) or a GTIN-14; spaces and dashes are fine, the check digit must be right. A column headed upc or ean is read as this one. Empty means none.',
  },
  {
    key: 'model',
    label: 'Model number',
    required: false,
    example: 'DCD771C2',
    help: "The maker's model or part number, up to 64 characters. Empty means none.",
  },
  {
    key: 'quantity',
    label: 'Quantity',
    required: false,
    example: '1',
    help: `How many identical units the row is, 1 to ${MAX_ROW_QUANTITY} (empty means 1). Each unit is its own product and lot; with more than one, their SKUs are the row's SKU with -01, -02, ...`,
  },
] as const;
export type ManifestColumn = (typeof MANIFEST_COLUMNS)[number]['key'];
export const MANIFEST_COLUMN_KEYS = MANIFEST_COLUMNS.map((c) => c.key) as ManifestColumn[];
export const REQUIRED_MANIFEST_COLUMNS = MANIFEST_COLUMNS.filter((c) => c.required).map((c) => c.key);

/** Limits of one import, shared by the server and the page's hints. */
export const IMPORT_LIMITS = {
  /** Bytes of the CSV. */
  maxCsvBytes: 5 * 1024 * 1024,
  /** Data rows of the CSV (the header aside). */
  maxRows: 10_000,
  /** Photos uploaded with one CSV. */
  maxImages: 300,
  /** Bytes per photo (the catalogue's limit). */
  maxImageBytes: 15 * 1024 * 1024,
  /** Photos a row can have (the catalogue's per-product limit). */
  maxImagesPerRow: 20,
} as const;

/** The template staff download: the header and one example row. */
export function manifestTemplateRows(): string[][] {
  return [MANIFEST_COLUMNS.map((c) => c.key), MANIFEST_COLUMNS.map((c) => c.example)];
}

/** One CSV row as text cells, by column key (a missing column reads as ''). */
export type ManifestCells = Partial<Record<ManifestColumn, string>>;

const cell = z.string().default('');

const dollars = (label: string) =>
  cell.transform((v, ctx) => {
    if (v.trim() === '') {
      ctx.addIssue({ code: 'custom', message: `Please enter the ${label} in dollars, like 129.99.` });
      return z.NEVER;
    }
    const cents = parseDollarsToCents(v);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: `"${v.trim()}" is not an amount in dollars, like 129.99.` });
      return z.NEVER;
    }
    return cents;
  });

/**
 * The one schema a manifest row is checked with. The product fields reuse the catalogue's rules
 * (ProductInput's own field schemas), so an imported product obeys exactly what the product form
 * does; `categoryIdOf` resolves a category's name or slug (the server passes the catalogue's).
 * Issues carry the column key as their path, so the preview marks the cell.
 */
export function manifestRowSchema(categoryIdOf: (nameOrSlug: string) => string | null) {
  const product = ProductInput.shape;
  const SKU_MAX = 64;
  return z
    .object({
      sku: cell.pipe(Sku).refine((v) => v !== null, 'Please enter a SKU: the import matches products by it.'),
      gtin: cell.pipe(Gtin),
      model: cell.pipe(ModelNumber),
      quantity: cell.transform((v, ctx) => {
        const n = parseQuantityCell(v);
        if (n === null) {
          ctx.addIssue({
            code: 'custom',
            message: `"${v.trim()}" is not a quantity: use a whole number from 1 to ${MAX_ROW_QUANTITY}, or leave it empty for 1.`,
          });
          return z.NEVER;
        }
        return n;
      }),
      title: cell.pipe(product.title),
      brand: cell.pipe(product.brand.unwrap()),
      description: cell.pipe(product.description.unwrap()),
      category: cell.transform((v, ctx) => {
        const text = v.trim();
        if (text === '') return null;
        const id = categoryIdOf(text);
        if (!id) {
          ctx.addIssue({
            code: 'custom',
            message: `There is no category "${text}". Use a category's name or slug from the catalogue.`,
          });
          return z.NEVER;
        }
        return id;
      }),
      condition: cell.transform((v, ctx) => {
        const c = parseCondition(v);
        if (!c) {
          ctx.addIssue({
            code: 'custom',
            message:
              v.trim() === ''
                ? 'Please enter the condition: Like New, Open Box or Gently Used.'
                : `"${v.trim()}" is not a condition. Use Like New, Open Box or Gently Used.`,
          });
          return z.NEVER;
        }
        return c;
      }),
      retail_price: dollars('retail price').pipe(product.retailPriceCents),
      resale_price: dollars('resale price').pipe(product.resalePriceCents),
      featured: cell.transform((v, ctx) => {
        const b = parseYesNo(v);
        if (b === null) {
          ctx.addIssue({ code: 'custom', message: `"${v.trim()}" is not yes or no.` });
          return z.NEVER;
        }
        return b;
      }),
      desk_notes: cell.transform((v) => v.trim() || null).pipe(product.deskNotes.unwrap()),
      sale_terms: cell.transform((v, ctx) => {
        const terms = parseSaleTermsCell(v);
        if (!terms) {
          ctx.addIssue({
            code: 'custom',
            message: `"${v.trim()}" is not a sale term. Use Final Sale or As-Is, or leave it empty for a standard sale.`,
          });
          return z.NEVER;
        }
        return terms;
      }),
      images: cell
        .transform(splitImageNames)
        .refine(
          (names) => names.length <= IMPORT_LIMITS.maxImagesPerRow,
          `A product has at most ${IMPORT_LIMITS.maxImagesPerRow} photos.`,
        ),
    })
    .superRefine((r, ctx) => {
      // Several units take the SKU with -01, -02, ...: the series must fit the SKU's length.
      const max = maxSeriesSkuLength(r.quantity, SKU_MAX);
      if (r.sku && r.sku.length > max) {
        ctx.addIssue({
          code: 'custom',
          path: ['sku'],
          message: `With a quantity of ${r.quantity}, the SKU has at most ${max} characters (each unit adds -01, -02, ...).`,
        });
      }
    })
    .transform((r) => ({
      sku: r.sku as string,
      quantity: r.quantity,
      product: {
        title: r.title,
        brand: r.brand,
        description: r.description,
        categoryId: r.category,
        condition: r.condition,
        retailPriceCents: r.retail_price,
        resalePriceCents: r.resale_price,
        sku: r.sku as string,
        gtin: r.gtin,
        model: r.model,
        isFeatured: r.featured,
        deskNotes: r.desk_notes,
        saleTerms: r.sale_terms,
      },
      imageNames: r.images,
    }));
}
export type ManifestRow = z.output<ReturnType<typeof manifestRowSchema>>;

// ── API shapes ───────────────────────────────────────────────────────────────────────────────

export const IMPORT_STATUSES = ['preview', 'importing', 'done', 'failed', 'discarded'] as const;
export const ImportStatus = z.enum(IMPORT_STATUSES);
export type ImportStatus = z.infer<typeof ImportStatus>;

export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  preview: 'Checked, not imported',
  importing: 'Importing',
  done: 'Imported',
  failed: 'Failed',
  discarded: 'Discarded',
};

export const RowOutcome = z.enum(['created', 'unchanged', 'error']);
export type RowOutcome = z.infer<typeof RowOutcome>;

/** A problem with a row; `column` is a column key, or null for the row as a whole. */
export const CellError = z.object({ column: z.string().nullable(), message: z.string() });
export type CellError = z.infer<typeof CellError>;

export const ImportRow = z.object({
  /** The row's number in a spreadsheet (the header is row 1). */
  row: z.number().int(),
  sku: z.string(),
  /** The cells as read, by column key. */
  values: z.record(z.string(), z.string()),
  errors: z.array(CellError),
  /** The uploaded photos this row gets, in order. */
  images: z.array(z.string()),
  /** After the import: what happened to it. */
  outcome: RowOutcome.nullable(),
  message: z.string().nullable(),
});
export type ImportRow = z.infer<typeof ImportRow>;

export const ImportSummary = z.object({
  id: Uuid,
  fileName: z.string(),
  status: ImportStatus,
  totalRows: z.number().int(),
  validRows: z.number().int(),
  errorRows: z.number().int(),
  processedRows: z.number().int(),
  createdRows: z.number().int(),
  unchangedRows: z.number().int(),
  /** Photos uploaded with the CSV, how many rows use, and the names no row uses. */
  imageCount: z.number().int(),
  matchedImageCount: z.number().int(),
  unmatchedImages: z.array(z.string()),
  /** Columns of the file that are not the manifest's (ignored). */
  ignoredColumns: z.array(z.string()),
  createdBy: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: Instant,
  startedAt: Instant.nullable(),
  finishedAt: Instant.nullable(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

export const ImportParams = z.object({ id: Uuid });

export const IMPORT_SORTS = ['created'] as const;
export const ImportListQuery = adminListQuery(IMPORT_SORTS, 'created');
export type ImportListQuery = z.infer<typeof ImportListQuery>;
export const ImportList = adminPage(ImportSummary);
export type ImportList = z.infer<typeof ImportList>;

/** GET .../rows: the preview, a page at a time (up to 500 rows), all rows or only those with errors. */
export const ImportRowsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  filter: z.enum(['all', 'errors']).default('all'),
});
export type ImportRowsQuery = z.infer<typeof ImportRowsQuery>;
export const ImportRowsPage = adminPage(ImportRow);
export type ImportRowsPage = z.infer<typeof ImportRowsPage>;

/** The report: one line per row of the file. */
export const ImportReportLine = z.object({
  row: z.number().int(),
  sku: z.string(),
  outcome: RowOutcome,
  messages: z.array(z.string()),
  productId: Uuid.nullable(),
});
export type ImportReportLine = z.infer<typeof ImportReportLine>;
export const ImportReport = z.object({ import: ImportSummary, lines: z.array(ImportReportLine) });
export type ImportReport = z.infer<typeof ImportReport>;

/** The conditions a row may name, for the page's column help. */
export const MANIFEST_CONDITIONS = CONDITIONS;
