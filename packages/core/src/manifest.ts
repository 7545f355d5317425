// Manifest import (issue 13 item 3): the cell rules of a CSV manifest, as plain functions.
// Parsing the CSV itself is csv-parse's job (server); these decide what a header or a cell means,
// and how a report cell is written so a spreadsheet never runs it as a formula.

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
