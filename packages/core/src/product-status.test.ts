import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canProductTransition,
  INITIAL_PRODUCT_STATUS,
  isProductStatus,
  PRODUCT_MOVES,
  PRODUCT_STATUSES,
  PRODUCT_TRANSITIONS,
  type ProductStatus,
  productSourcesOf,
  SCHEDULABLE_PRODUCT_STATUSES,
} from './product-status';

const key = (from: string, to: string) => `${from}->${to}`;

describe('product status transitions', () => {
  it('allows exactly the listed moves', () => {
    const allowed: [ProductStatus, ProductStatus][] = [
      ['draft', 'auctioned'],
      ['draft', 'withdrawn'],
      ['auctioned', 'sold'],
      ['auctioned', 'unsold'],
      ['auctioned', 'draft'],
      ['auctioned', 'to_relist'],
      ['auctioned', 'withdrawn'],
      ['sold', 'to_relist'],
      ['sold', 'withdrawn'],
      ['unsold', 'auctioned'],
      ['unsold', 'withdrawn'],
      ['to_relist', 'auctioned'],
      ['to_relist', 'sold'],
      ['to_relist', 'withdrawn'],
    ];
    const expected = new Set(allowed.map(([from, to]) => key(from, to)));
    for (const from of PRODUCT_STATUSES) {
      for (const to of PRODUCT_STATUSES) {
        expect(canProductTransition(from, to), key(from, to)).toBe(expected.has(key(from, to)));
      }
    }
  });

  it('never stays put, never leaves withdrawn, never sells what was not on auction or offered', () => {
    for (const s of PRODUCT_STATUSES) expect(canProductTransition(s, s), s).toBe(false);
    expect(PRODUCT_TRANSITIONS.withdrawn).toEqual([]);
    expect(productSourcesOf('sold')).toEqual(['auctioned', 'to_relist']);
    expect(productSourcesOf('draft')).toEqual(['auctioned']);
    expect(canProductTransition('draft', 'sold')).toBe(false);
    expect(canProductTransition('sold', 'auctioned')).toBe(false);
  });

  it('lists, for each target, exactly the statuses that may reach it', () => {
    for (const to of PRODUCT_STATUSES) {
      expect(productSourcesOf(to), to).toEqual(
        PRODUCT_STATUSES.filter((from) => canProductTransition(from, to)),
      );
    }
  });

  it('reaches every status from the initial one', () => {
    const reached = new Set<ProductStatus>([INITIAL_PRODUCT_STATUS]);
    const queue: ProductStatus[] = [INITIAL_PRODUCT_STATUS];
    for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
      for (const next of PRODUCT_TRANSITIONS[s]) {
        if (!reached.has(next)) {
          reached.add(next);
          queue.push(next);
        }
      }
    }
    expect([...reached].sort()).toEqual([...PRODUCT_STATUSES].sort());
  });

  it('every write path the server makes is a move the table allows', () => {
    for (const [name, move] of Object.entries(PRODUCT_MOVES)) {
      expect(move.from.length, name).toBeGreaterThan(0);
      for (const from of move.from)
        expect(canProductTransition(from, move.to), `${name}: ${key(from, move.to)}`).toBe(true);
    }
    expect(PRODUCT_MOVES.schedule.from).toEqual(SCHEDULABLE_PRODUCT_STATUSES);
  });

  it('property: a walk of write paths only ever takes allowed moves and stops at withdrawn', () => {
    const moves = Object.values(PRODUCT_MOVES);
    fc.assert(
      fc.property(fc.array(fc.nat(moves.length - 1), { maxLength: 40 }), (picks) => {
        let status: ProductStatus = INITIAL_PRODUCT_STATUS;
        for (const i of picks) {
          const move = moves[i]!;
          // The writer moves a product only when it is in one of the move's sources.
          if (!(move.from as readonly ProductStatus[]).includes(status)) continue;
          expect(canProductTransition(status, move.to)).toBe(true);
          status = move.to;
        }
        expect(isProductStatus(status)).toBe(true);
        if (status === 'withdrawn') expect(PRODUCT_TRANSITIONS[status]).toEqual([]);
      }),
    );
  });

  it('knows its own statuses', () => {
    expect(isProductStatus('to_relist')).toBe(true);
    expect(isProductStatus('archived')).toBe(false);
    expect(isProductStatus(3)).toBe(false);
  });
});
