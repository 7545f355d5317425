// The shop's page cursor (docs/decisions/067-listing-keyset.md): an opaque token for "the page
// after (or before) this card" in one sort order. It carries the card's sort key and id, so the next
// page is found by walking the sort's index from there (keyset paging) instead of skipping every row
// before it (OFFSET), and the page number it leads to, so the pager can still say "page 27".
// Plain text in base64url (no Buffer: the web reads and writes these too).

export const SHOP_CURSOR_SORTS = ['newest', 'ending', 'price_asc', 'price_desc', 'bids'] as const;
export type ShopCursorSort = (typeof SHOP_CURSOR_SORTS)[number];

export interface ShopCursor {
  sort: ShopCursorSort;
  /** 'after': the page that follows the card; 'before': the page that precedes it. */
  dir: 'after' | 'before';
  /** The number of the page the cursor leads to (1 or more). */
  page: number;
  /**
   * The card's sort key: a time for newest (the product's creation time) and ending (the end
   * time), in UTC to the microsecond ('2026-11-27T17:02:03.123456Z'); the price in cents for the
   * price sorts; the bid count and the end time for most bids.
   */
  at: string | null;
  n: number | null;
  /** The card's auction id: the tie-break of every sort. */
  id: string;
}

/** A cursor longer than this is not one of ours (the longest is about 140 characters). */
export const MAX_SHOP_CURSOR_LENGTH = 200;
export const MAX_SHOP_CURSOR_PAGE = 1_000_000;
const VERSION = 'c1';
const SORT_CODES: Record<ShopCursorSort, string> = {
  newest: 'n',
  ending: 'e',
  price_asc: 'pa',
  price_desc: 'pd',
  bids: 'b',
};
const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INT = /^(0|[1-9]\d{0,14})$/;

export const SHOP_CURSOR_INVALID =
  'This page link is not valid (its cursor cannot be read): open the first page of the shop again.';
export const SHOP_CURSOR_OTHER_SORT =
  'This page link belongs to another sort order: open the first page of this sort again.';

/** Which key fields a sort's cursor carries. */
function fieldsOf(sort: ShopCursorSort): { at: boolean; n: boolean } {
  if (sort === 'newest' || sort === 'ending') return { at: true, n: false };
  if (sort === 'bids') return { at: true, n: true };
  return { at: false, n: true };
}

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(token: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  try {
    return atob(token.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}

/** The opaque token of a cursor. Throws on a cursor no decoder would accept (a programming error). */
export function encodeShopCursor(c: ShopCursor): string {
  const fields = fieldsOf(c.sort);
  const parts = [
    VERSION,
    SORT_CODES[c.sort],
    c.dir === 'after' ? 'a' : 'b',
    String(c.page),
    fields.n ? String(c.n) : '',
    fields.at ? (c.at ?? '') : '',
    c.id,
  ];
  const token = toBase64Url(parts.join('~'));
  const back = decodeShopCursor(token);
  if (!back.ok) throw new Error(`encodeShopCursor: not a valid cursor (${back.message})`);
  return token;
}

export type DecodedShopCursor = { ok: true; cursor: ShopCursor } | { ok: false; message: string };

/** Reads a token; anything that is not a cursor this code wrote is an error with the shopper's message. */
export function decodeShopCursor(token: string): DecodedShopCursor {
  const bad = { ok: false as const, message: SHOP_CURSOR_INVALID };
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_SHOP_CURSOR_LENGTH) return bad;
  const text = fromBase64Url(token);
  if (text === null) return bad;
  const parts = text.split('~');
  if (parts.length !== 7) return bad;
  const [version, sortCode, dir, pageText, nText, atText, id] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (version !== VERSION) return bad;
  const sort = SHOP_CURSOR_SORTS.find((s) => SORT_CODES[s] === sortCode);
  if (!sort || (dir !== 'a' && dir !== 'b') || !INT.test(pageText) || !UUID.test(id)) return bad;
  const page = Number(pageText);
  if (page < 1 || page > MAX_SHOP_CURSOR_PAGE) return bad;
  const fields = fieldsOf(sort);
  if (fields.n ? !INT.test(nText) : nText !== '') return bad;
  if (fields.at ? !AT.test(atText) || Number.isNaN(Date.parse(atText)) : atText !== '') return bad;
  return {
    ok: true,
    cursor: {
      sort,
      dir: dir === 'a' ? 'after' : 'before',
      page,
      n: fields.n ? Number(nText) : null,
      at: fields.at ? atText : null,
      id,
    },
  };
}

/** A cursor for `sort`: its problem (the shopper's message), or null when it can be used. */
export function shopCursorProblem(token: string, sort: ShopCursorSort): string | null {
  const decoded = decodeShopCursor(token);
  if (!decoded.ok) return decoded.message;
  return decoded.cursor.sort === sort ? null : SHOP_CURSOR_OTHER_SORT;
}

/**
 * How many lots a shop count reads at most: up to this many the total is exact, beyond it the shop
 * says "1,000+" (docs/product.md "Browsing and search").
 */
export const SHOP_COUNT_CAP = 1_000;

/**
 * The total the shop shows and how many pages the pager may offer. `counted` is the count of the
 * lots matching the filters, read up to `cap` + 1 (so more than `cap` means "more than cap").
 * `page` and `hasNext` come from the page itself: the pager never offers fewer pages than the one
 * shown (plus the next one when the page knows there is one).
 */
export function shopTotal(
  counted: number,
  page: number,
  hasNext: boolean,
  pageSize: number,
  cap: number = SHOP_COUNT_CAP,
): { total: number; totalExact: boolean; pageCount: number } {
  const exact = cap <= 0 || counted <= cap;
  const total = exact ? counted : cap;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return {
    total,
    totalExact: exact,
    pageCount: exact ? pages : Math.max(pages, page + (hasNext ? 1 : 0)),
  };
}
