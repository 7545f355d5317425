import { describe, expect, it } from 'vitest';
import {
  decodeShopCursor,
  encodeShopCursor,
  SHOP_CURSOR_INVALID,
  SHOP_CURSOR_OTHER_SORT,
  type ShopCursor,
  shopCursorProblem,
  shopTotal,
} from './shop-cursor';

const ID = '0b6f1d2e-3c4a-4b5c-8d6e-7f8091a2b3c4';
const AT = '2026-11-27T17:02:03.123456Z';

describe('shop cursor', () => {
  const cursors: ShopCursor[] = [
    { sort: 'newest', dir: 'after', page: 2, at: AT, n: null, id: ID },
    { sort: 'ending', dir: 'before', page: 26, at: AT, n: null, id: ID },
    { sort: 'price_asc', dir: 'after', page: 3, at: null, n: 0, id: ID },
    { sort: 'price_desc', dir: 'after', page: 3, at: null, n: 123_456_789, id: ID },
    { sort: 'bids', dir: 'before', page: 1, at: AT, n: 17, id: ID },
  ];

  it.each(cursors)('reads back what it wrote ($sort, $dir)', (c) => {
    const token = encodeShopCursor(c);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token.length).toBeLessThanOrEqual(200);
    expect(decodeShopCursor(token)).toEqual({ ok: true, cursor: c });
  });

  it('keeps only the fields of its sort', () => {
    const token = encodeShopCursor({ sort: 'newest', dir: 'after', page: 2, at: AT, n: 5, id: ID });
    expect(decodeShopCursor(token)).toEqual({
      ok: true,
      cursor: { sort: 'newest', dir: 'after', page: 2, at: AT, n: null, id: ID },
    });
  });

  it('refuses to write a cursor it could not read', () => {
    expect(() =>
      encodeShopCursor({ sort: 'newest', dir: 'after', page: 0, at: AT, n: null, id: ID }),
    ).toThrow();
    expect(() =>
      encodeShopCursor({ sort: 'ending', dir: 'after', page: 2, at: '2026-11-27', n: null, id: ID }),
    ).toThrow();
    expect(() => encodeShopCursor({ sort: 'bids', dir: 'after', page: 2, at: AT, n: -1, id: ID })).toThrow();
  });

  const b64 = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  it.each([
    ['empty', ''],
    ['not base64url', 'abc+/=='],
    ['not ours', b64('hello')],
    ['another version', b64(`c2~n~a~2~~${AT}~${ID}`)],
    ['unknown sort', b64(`c1~x~a~2~~${AT}~${ID}`)],
    ['unknown direction', b64(`c1~n~z~2~~${AT}~${ID}`)],
    ['page 0', b64(`c1~n~a~0~~${AT}~${ID}`)],
    ['page not a number', b64(`c1~n~a~two~~${AT}~${ID}`)],
    ['page with a sign', b64(`c1~n~a~+2~~${AT}~${ID}`)],
    ['a time without microseconds', b64(`c1~n~a~2~~2026-11-27T17:02:03.123Z~${ID}`)],
    ['an impossible time', b64(`c1~n~a~2~~2026-13-45T17:02:03.123456Z~${ID}`)],
    ['a price for a time sort', b64(`c1~n~a~2~5~${AT}~${ID}`)],
    ['no price for a price sort', b64(`c1~pa~a~2~~~${ID}`)],
    ['a negative price', b64(`c1~pa~a~2~-5~~${ID}`)],
    ['a fractional bid count', b64(`c1~b~a~2~1.5~${AT}~${ID}`)],
    ['no id', b64(`c1~n~a~2~~${AT}~`)],
    ['an id that is not a uuid', b64(`c1~n~a~2~~${AT}~1 or 1=1`)],
    ['too many parts', b64(`c1~n~a~2~~${AT}~${ID}~x`)],
    ['too long', 'a'.repeat(201)],
  ])('a malformed cursor (%s) is an error with the shopper message', (_name, token) => {
    expect(decodeShopCursor(token)).toEqual({ ok: false, message: SHOP_CURSOR_INVALID });
    expect(shopCursorProblem(token, 'newest')).toBe(SHOP_CURSOR_INVALID);
  });

  it('belongs to one sort order', () => {
    const token = encodeShopCursor({ sort: 'newest', dir: 'after', page: 2, at: AT, n: null, id: ID });
    expect(shopCursorProblem(token, 'newest')).toBeNull();
    expect(shopCursorProblem(token, 'ending')).toBe(SHOP_CURSOR_OTHER_SORT);
  });
});

describe('shop total', () => {
  it('is exact up to the cap', () => {
    expect(shopTotal(0, 1, false, 40, 1_000)).toEqual({ total: 0, totalExact: true, pageCount: 1 });
    expect(shopTotal(41, 1, true, 40, 1_000)).toEqual({ total: 41, totalExact: true, pageCount: 2 });
    expect(shopTotal(1_000, 1, true, 40, 1_000)).toEqual({ total: 1_000, totalExact: true, pageCount: 25 });
  });

  it('past the cap says "at least the cap", and never fewer pages than the one shown and the next', () => {
    expect(shopTotal(1_001, 1, true, 40, 1_000)).toEqual({ total: 1_000, totalExact: false, pageCount: 25 });
    expect(shopTotal(1_001, 25, true, 40, 1_000)).toEqual({ total: 1_000, totalExact: false, pageCount: 26 });
    expect(shopTotal(1_001, 80, false, 40, 1_000)).toEqual({
      total: 1_000,
      totalExact: false,
      pageCount: 80,
    });
  });

  it('with no cap is always exact', () => {
    expect(shopTotal(99_999, 1, true, 40, 0)).toEqual({ total: 99_999, totalExact: true, pageCount: 2_500 });
  });
});
