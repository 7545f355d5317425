// Manifest import: the cell rules of a CSV manifest, as plain functions.
// Parsing the CSV itself is csv-parse's job (server); these decide what a header or a cell means,
// and how a report cell is written so a spreadsheet never runs it as a formula.
import { SALE_TERMS_LABELS, type SaleTerms } from './returns';

/** Spreadsheet-friendly aliases of the manifest's columns (after normalizeHeader). */
const HEADER_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  name: 'title',
  product: 'title',
  product_name: 'title',
  retail: 'retail_price',
  msrp: 'retail_price',
  resale: 'resale_price',
  price: 'resale_price',
  our_price: 'resale_price',
  notes: 'desk_notes',
  shelf: 'desk_notes',
  image: 'images',
  photos: 'images',
  photo: 'images',
  is_featured: 'featured',
  terms: 'sale_terms',
  sale_term: 'sale_terms',
  // The barcode number: spreadsheets and suppliers call it by its kind (docs/decisions/091).
  upc: 'gtin',
  upc_a: 'gtin',
  ean: 'gtin',
  ean_13: 'gtin',
  gtin_14: 'gtin',
  barcode: 'gtin',
  model_number: 'model',
  model_no: 'model',
  qty: 'quantity',
  units: 'quantity',
});

/**
 * A header cell as a column key: byte-order mark and surrounding spaces dropped, lower case, runs of
 * spaces, dashes and dots made one underscore, and common aliases mapped ('Retail Price' ->
 * 'retail_price', 'Photos' -> 'images', 'MSRP' -> 'retail_price').
 */
export function normalizeHeader(header: string): string {
  const key = header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s.\-_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return HEADER_ALIASES[key] ?? key;
}

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'featured']);
const NO = new Set(['', 'no', 'n', 'false', '0']);

/** 'yes', 'Y', 'true', '1', 'x' -> true; empty, 'no', 'false', '0' -> false; anything else -> null. */
export function parseYesNo(cell: string): boolean | null {
  const v = cell.trim().toLowerCase();
  if (YES.has(v)) return true;
  if (NO.has(v)) return false;
  return null;
}

/** The most units one manifest row can make (docs/decisions/091). */
export const MAX_ROW_QUANTITY = 100;

/**
 * A quantity cell: empty -> 1; a whole number from 1 to MAX_ROW_QUANTITY (spaces around it
 * allowed) -> that number; anything else (0, 2.5, 'two', 101) -> null.
 */
export function parseQuantityCell(cell: string): number | null {
  const text = cell.trim();
  if (text === '') return 1;
  if (!/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_ROW_QUANTITY ? n : null;
}

/**
 * The SKUs of a row's units (docs/decisions/091): one unit keeps the row's SKU; several get the
 * row's SKU with '-01', '-02', ... ('-100' for the hundredth), one product each.
 */
export function unitSkus(sku: string, quantity: number): string[] {
  if (quantity <= 1) return [sku];
  return Array.from({ length: quantity }, (_, i) => `${sku}-${String(i + 1).padStart(2, '0')}`);
}

/** The longest row SKU that leaves room for its units' suffix (a SKU has at most `maxSku` characters). */
export function maxSeriesSkuLength(quantity: number, maxSku: number): number {
  if (quantity <= 1) return maxSku;
  return maxSku - 1 - Math.max(2, String(quantity).length);
}

/** A sale terms cell as a key: spaces, dashes and underscores alike, case ignored ('As-Is' -> 'as_is'). */
const saleTermsKey = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');

/**
 * A sale terms cell (docs/decisions/055-returns.md): empty -> 'standard'; a value or its label, without
 * case and with spaces, dashes or underscores alike ('Final Sale', 'final_sale', 'AS-IS', 'as is',
 * 'Standard') -> that value; anything else -> null.
 */
export function parseSaleTermsCell(cell: string): SaleTerms | null {
  const key = saleTermsKey(cell);
  if (key === '') return 'standard';
  for (const [value, label] of Object.entries(SALE_TERMS_LABELS) as [SaleTerms, string][]) {
    if (key === value || key === saleTermsKey(label)) return value;
  }
  return null;
}

/** The file names of an images cell: separated by ';' (or '|'), trimmed, empty ones and repeats dropped. */
export function splitImageNames(cell: string): string[] {
  const names = cell
    .split(/[;|]/)
    .map((n) => n.trim())
    .filter((n) => n !== '');
  const seen = new Set<string>();
  return names.filter((n) => {
    const key = n.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A file name without folders, compared without case ('Photos/ABC-1.JPG' -> 'abc-1.jpg'). */
export function imageFileKey(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.trim().toLowerCase();
}

/**
 * The SKU a photo's file name names, for matching photos to rows by SKU: the name without its
 * extension, then without a trailing photo number written '_2' or ' (2)'. 'ABC-1.jpg' and
 * 'abc-1_2.JPG' -> 'ABC-1'. A trailing '-2' is part of the SKU ('ABC-1-2' is its own SKU).
 */
export function skuOfImageName(fileName: string): string {
  const base = imageFileKey(fileName).replace(/\.[a-z0-9]{1,5}$/, '');
  return base
    .replace(/(_\d{1,3}| ?\(\d{1,3}\))$/, '')
    .trim()
    .toUpperCase();
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: text that starts like a formula (= + - @, tab, carriage return) gets a leading
 * apostrophe so Excel, Sheets and LibreOffice show it as text; a cell holding a comma, quote, line
 * break or edge space is quoted with its quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text) || /^\s|\s$/.test(text)) return `"${text.replaceAll('"', '""')}"`;
  return text;
}

/** Rows of cells as CSV text: CRLF line ends (RFC 4180), every cell through csvCell. */
export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The text of a manifest file, or why it cannot be read as text. */
export type DecodedManifest =
  | { ok: true; text: string; encoding: 'utf-8' | 'utf-16le' | 'utf-16be' }
  /** `line` is the file's line (1-based) holding the first such character. */
  | { ok: false; problem: 'nul' | 'not_utf8'; line: number };

/**
 * Decodes a manifest's bytes. A byte-order mark says the encoding (UTF-8, UTF-16 LE or BE: what
 * spreadsheets write when asked for Unicode text); without one the file must be UTF-8. Nothing is
 * guessed and no byte is replaced: a file in another encoding (Latin-1, Windows-1252) is refused
 * with the line of its first unreadable character, so no U+FFFD is ever stored in its place. A NUL
 * character (which no database text can hold, and which means the file is not really CSV) is refused too.
 */
export function decodeManifest(bytes: Uint8Array): DecodedManifest {
  let encoding: 'utf-8' | 'utf-16le' | 'utf-16be' = 'utf-8';
  let body = bytes;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) body = bytes.subarray(3);
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) [encoding, body] = ['utf-16le', bytes.subarray(2)];
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [encoding, body] = ['utf-16be', bytes.subarray(2)];

  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    return { ok: false, problem: 'not_utf8', line: firstUnreadableLine(body, encoding) };
  }
  const nul = text.indexOf('\u0000');
  if (nul >= 0) return { ok: false, problem: 'nul', line: lineAt(text, nul) };
  return { ok: true, text, encoding };
}

/** The 1-based line of `text` that holds offset `at`. */
function lineAt(text: string, at: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

/** The first line (1-based) that does not decode; lines are split on the encoding's line feed. */
function firstUnreadableLine(bytes: Uint8Array, encoding: 'utf-8' | 'utf-16le' | 'utf-16be'): number {
  const decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  const unit = encoding === 'utf-8' ? 1 : 2;
  let line = 1;
  let start = 0;
  for (let i = 0; i + unit <= bytes.length; i += unit) {
    const isLf =
      encoding === 'utf-8'
        ? bytes[i] === 0x0a
        : encoding === 'utf-16le'
          ? bytes[i] === 0x0a && bytes[i + 1] === 0
          : bytes[i] === 0 && bytes[i + 1] === 0x0a;
    if (!isLf) continue;
    try {
      decoder.decode(bytes.subarray(start, i));
    } catch {
      return line;
    }
    line += 1;
    start = i + unit;
  }
  return line;
}
