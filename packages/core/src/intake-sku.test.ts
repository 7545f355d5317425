import { describe, expect, it } from 'vitest';
import {
  nextSeriesNumber,
  SKU_MAX_LENGTH,
  STORE_CODE_ALPHABET,
  seriesBaseFrom,
  seriesSku,
  skuSeriesOf,
  storeSeriesBase,
} from './intake-sku';

describe('SKU series', () => {
  it('reads a series member as its base and number', () => {
    expect(skuSeriesOf('RB-7KX2MQ-03')).toEqual({ base: 'RB-7KX2MQ', number: 3 });
    expect(skuSeriesOf('dw-drill-12')).toEqual({ base: 'DW-DRILL', number: 12 });
    expect(skuSeriesOf('AIRFRY-104')).toEqual({ base: 'AIRFRY', number: 104 });
  });

  it('does not read a SKU without a two-digit number after a dash as a member', () => {
    expect(skuSeriesOf('DWDRILL')).toBeNull();
    expect(skuSeriesOf('DW-DRILL-7')).toBeNull();
    expect(skuSeriesOf('-01')).toBeNull();
  });

  it('writes a member with its number padded to two digits', () => {
    expect(seriesSku('rb-7kx2mq', 1)).toBe('RB-7KX2MQ-01');
    expect(seriesSku('RB-7KX2MQ', 100)).toBe('RB-7KX2MQ-100');
  });

  it('gives the number after the highest member, ignoring other series and gaps', () => {
    const taken = [
      'RB-AAAAAA-01',
      'RB-AAAAAA-04',
      'RB-AAAAAA-02',
      'RB-AAAAAAB-09',
      'RB-AAAAAA',
      'XRB-AAAAAA-30',
    ];
    expect(nextSeriesNumber('RB-AAAAAA', taken)).toBe(5);
    expect(nextSeriesNumber('rb-aaaaaa', taken)).toBe(5);
    expect(nextSeriesNumber('RB-BBBBBB', taken)).toBe(1);
    expect(nextSeriesNumber('RB-AAAAAA', [])).toBe(1);
    expect(nextSeriesNumber('AIRFRY', ['AIRFRY-99'])).toBe(100);
  });

  it("continues the latest unit's series; a typed SKU outside any series becomes a base", () => {
    expect(seriesBaseFrom('RB-7KX2MQ-03')).toBe('RB-7KX2MQ');
    expect(seriesBaseFrom('dwdrill')).toBe('DWDRILL');
    expect(seriesBaseFrom(null)).toBeNull();
    expect(seriesBaseFrom('')).toBeNull();
  });

  it('starts a store series when a typed SKU is too long to carry a number', () => {
    const long = 'A'.repeat(SKU_MAX_LENGTH - 3);
    expect(seriesBaseFrom(long)).toBe(long);
    expect(seriesBaseFrom(`${long}B`)).toBeNull();
    expect(seriesSku(long, 99)).toHaveLength(SKU_MAX_LENGTH);
  });

  it("draws a store series' base from the unambiguous alphabet", () => {
    expect(storeSeriesBase(() => 0)).toBe('RB-000000');
    expect(storeSeriesBase(() => 0.9999)).toBe('RB-ZZZZZZ');
    const base = storeSeriesBase(Math.random);
    expect(base).toMatch(/^RB-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(STORE_CODE_ALPHABET).not.toMatch(/[ILOU]/);
    expect(skuSeriesOf(seriesSku(base, 1))).toEqual({ base, number: 1 });
  });
});
