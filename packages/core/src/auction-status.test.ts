import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUCTION_MOVES,
  AUCTION_STATUSES,
  AUCTION_TRANSITIONS,
  type AuctionStatus,
  auctionSourcesOf,
  canAuctionTransition,
  INITIAL_AUCTION_STATUS,
  isAuctionStatus,
} from './auction-status';
import { isCancellable } from './scheduling';

const key = (from: string, to: string) => `${from}->${to}`;

describe('auction status transitions', () => {
  it('allows exactly the listed moves', () => {
    const expected = new Set([
      key('scheduled', 'live'),
      key('scheduled', 'cancelled'),
      key('live', 'ended'),
      key('live', 'cancelled'),
    ]);
    for (const from of AUCTION_STATUSES) {
      for (const to of AUCTION_STATUSES) {
        expect(canAuctionTransition(from, to), key(from, to)).toBe(expected.has(key(from, to)));
      }
    }
  });

  it('ended and cancelled are final; nothing goes back to scheduled', () => {
    expect(AUCTION_TRANSITIONS.ended).toEqual([]);
    expect(AUCTION_TRANSITIONS.cancelled).toEqual([]);
    expect(auctionSourcesOf('scheduled')).toEqual([]);
    expect(auctionSourcesOf('cancelled')).toEqual(['scheduled', 'live']);
    for (const to of AUCTION_STATUSES) {
      expect(auctionSourcesOf(to), to).toEqual(
        AUCTION_STATUSES.filter((from) => canAuctionTransition(from, to)),
      );
    }
  });

  it('staff may cancel exactly what the table lets reach cancelled', () => {
    for (const s of AUCTION_STATUSES) expect(isCancellable(s), s).toBe(canAuctionTransition(s, 'cancelled'));
  });

  it('every write path the server makes is a move the table allows', () => {
    for (const [name, move] of Object.entries(AUCTION_MOVES)) {
      expect(move.from.length, name).toBeGreaterThan(0);
      for (const from of move.from)
        expect(canAuctionTransition(from, move.to), `${name}: ${key(from, move.to)}`).toBe(true);
    }
  });

  it('property: a walk of write paths only takes allowed moves and ends in at most two steps', () => {
    const moves = Object.values(AUCTION_MOVES);
    fc.assert(
      fc.property(fc.array(fc.nat(moves.length - 1), { maxLength: 20 }), (picks) => {
        let status: AuctionStatus = INITIAL_AUCTION_STATUS;
        let steps = 0;
        for (const i of picks) {
          const move = moves[i]!;
          if (!(move.from as readonly AuctionStatus[]).includes(status)) continue;
          expect(canAuctionTransition(status, move.to)).toBe(true);
          status = move.to;
          steps += 1;
        }
        expect(isAuctionStatus(status)).toBe(true);
        expect(steps).toBeLessThanOrEqual(2);
      }),
    );
  });
});
