import { describe, expect, it } from 'vitest';
import type { IncrementRule } from './increments';
import { DEFAULT_INCREMENT_TABLE, incrementAt, isValidIncrementRule } from './increments';

const table: IncrementRule = { mode: 'table' };

describe('incrementAt with the default table', () => {
  it.each([
    // [amount in cents, increment in cents]
    [0, 5],
    [1, 5],
    [99, 5],
    [100, 25],
    [499, 25],
    [500, 50],
    [2_499, 50],
    [2_500, 100],
    [9_999, 100],
    [10_000, 250],
    [24_999, 250],
    [25_000, 500],
    [49_999, 500],
    [50_000, 1_000],
    [99_999, 1_000],
    [100_000, 2_500],
    [249_999, 2_500],
    [250_000, 5_000],
    [499_999, 5_000],
    [500_000, 10_000],
    [10_000_000, 10_000],
  ])('at %i cents the increment is %i cents', (amount, expected) => {
    expect(incrementAt(amount, table)).toBe(expected);
  });

  it('has ten bands in ascending order, the first starting at zero', () => {
    expect(DEFAULT_INCREMENT_TABLE).toHaveLength(10);
    expect(DEFAULT_INCREMENT_TABLE[0]?.fromCents).toBe(0);
    for (let i = 1; i < DEFAULT_INCREMENT_TABLE.length; i++) {
      const prev = DEFAULT_INCREMENT_TABLE[i - 1]!;
      const band = DEFAULT_INCREMENT_TABLE[i]!;
      expect(band.fromCents).toBeGreaterThan(prev.fromCents);
      expect(band.incrementCents).toBeGreaterThan(prev.incrementCents);
    }
  });

  it('amount + increment never goes down as the amount rises (so the price is monotone)', () => {
    let previous = -Infinity;
    const decreases: number[] = [];
    for (let amount = 0; amount <= 600_000; amount += 1) {
      const next = amount + incrementAt(amount, table);
      if (next <= previous) decreases.push(amount);
      previous = next;
    }
    expect(decreases).toEqual([]);
  });
});

describe('incrementAt with a fixed increment', () => {
  it('uses the auction increment whatever the amount', () => {
    const rule: IncrementRule = { mode: 'fixed', cents: 100 };
    expect(incrementAt(0, rule)).toBe(100);
    expect(incrementAt(99, rule)).toBe(100);
    expect(incrementAt(500_000, rule)).toBe(100);
  });
});

describe('isValidIncrementRule', () => {
  it('accepts the table and positive whole cents', () => {
    expect(isValidIncrementRule(table)).toBe(true);
    expect(isValidIncrementRule({ mode: 'fixed', cents: 1 })).toBe(true);
    expect(isValidIncrementRule({ mode: 'fixed', cents: 250 })).toBe(true);
  });
  it('rejects zero, negative and fractional fixed increments', () => {
    expect(isValidIncrementRule({ mode: 'fixed', cents: 0 })).toBe(false);
    expect(isValidIncrementRule({ mode: 'fixed', cents: -5 })).toBe(false);
    expect(isValidIncrementRule({ mode: 'fixed', cents: 2.5 })).toBe(false);
    expect(isValidIncrementRule({ mode: 'fixed', cents: Number.NaN })).toBe(false);
  });
});
