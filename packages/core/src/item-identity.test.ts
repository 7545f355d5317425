import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  displayGtin,
  expandUpcE,
  gtinCheckDigit,
  identityKeys,
  identitySearchTerms,
  itemKey,
  modelKey,
  parseGtin,
  sameItem,
  tidyModel,
} from './item-identity';

describe('GTIN check digits', () => {
  it('computes the GS1 check digit of each length', () => {
    expect(gtinCheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gtinCheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(gtinCheckDigit('1001234567890')).toBe(2); // GTIN-14 10012345678902
  });

  it('accepts a valid UPC-A, EAN-13 and GTIN-14 and stores each as 14 digits', () => {
    expect(parseGtin('036000291452')).toEqual({ ok: true, gtin: '00036000291452' });
    expect(parseGtin('4006381333931')).toEqual({ ok: true, gtin: '04006381333931' });
    expect(parseGtin('10012345678902')).toEqual({ ok: true, gtin: '10012345678902' });
  });

  it('refuses a wrong check digit at each length', () => {
    expect(parseGtin('036000291453')).toEqual({ ok: false, reason: 'check_digit' });
    expect(parseGtin('4006381333932')).toEqual({ ok: false, reason: 'check_digit' });
    expect(parseGtin('10012345678903')).toEqual({ ok: false, reason: 'check_digit' });
    expect(parseGtin('01234566')).toEqual({ ok: false, reason: 'check_digit' });
  });

  it('drops spaces and dashes, and refuses letters and other lengths', () => {
    expect(parseGtin(' 0 36000-29145 2 ')).toEqual({ ok: true, gtin: '00036000291452' });
    expect(parseGtin('03600029145X')).toEqual({ ok: false, reason: 'format' });
    expect(parseGtin('')).toEqual({ ok: false, reason: 'format' });
    expect(parseGtin('12345')).toEqual({ ok: false, reason: 'format' });
    expect(parseGtin('123456789012345')).toEqual({ ok: false, reason: 'format' });
  });

  it('expands a UPC-E to its UPC-A by each rule of the last digit', () => {
    expect(expandUpcE('01234565')).toBe('012345000065'); // last digit 5-9
    expect(expandUpcE('01234506')).toBe('012000003456'); // last digit 0
    expect(expandUpcE('01234536')).toBe('012300000456'); // last digit 3
    expect(expandUpcE('01234546')).toBe('012340000056'); // last digit 4
    expect(expandUpcE('21234565')).toBeNull();
    expect(parseGtin('01234565')).toEqual({ ok: true, gtin: '00012345000065' });
    expect(parseGtin('21234565')).toEqual({ ok: false, reason: 'upc_e_number_system' });
  });

  it('a UPC-E and its UPC-A are one GTIN', () => {
    const e = parseGtin('01234565');
    const a = parseGtin('012345000065');
    expect(e.ok && a.ok && e.gtin === a.gtin).toBe(true);
  });

  it('every code with its own check digit parses, and any other last digit does not (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(11, 12, 13), fc.nat(), (len, seed) => {
        const body = String(seed).padStart(len, '7').slice(0, len);
        const check = gtinCheckDigit(body);
        const good = parseGtin(`${body}${check}`);
        expect(good.ok).toBe(true);
        if (good.ok) expect(good.gtin).toHaveLength(14);
        const bad = parseGtin(`${body}${(check + 1) % 10}`);
        expect(bad).toEqual({ ok: false, reason: 'check_digit' });
      }),
    );
  });

  it('shows a stored GTIN as a UPC-A, an EAN-13 or a GTIN-14', () => {
    expect(displayGtin('00036000291452')).toBe('036000291452');
    expect(displayGtin('04006381333931')).toBe('4006381333931');
    expect(displayGtin('10012345678902')).toBe('10012345678902');
  });
});

describe('model numbers', () => {
  it('are stored tidied and compared without case, spaces or dashes', () => {
    expect(tidyModel('  WF-1000XM4   B ')).toBe('WF-1000XM4 B');
    expect(modelKey('WF-1000XM4')).toBe(modelKey('wf 1000 xm4'));
    expect(modelKey('WF-1000XM4')).not.toBe(modelKey('WF-1000XM5'));
  });
});

describe('the same item', () => {
  const fryer = { gtin: '00036000291452', brand: 'Ninja', model: 'AF101' };

  it('products with the same GTIN are the same item, whatever their brand or model says', () => {
    expect(sameItem(fryer, { gtin: '00036000291452', brand: 'NINJA Kitchen', model: null })).toBe(true);
    expect(sameItem(fryer, { ...fryer, gtin: '04006381333931' })).toBe(false);
  });

  it('without a GTIN, the same brand and model number are the same item', () => {
    const a = { gtin: null, brand: 'Dyson ', model: 'V8-Absolute' };
    expect(sameItem(a, { gtin: null, brand: 'dyson', model: 'v8 absolute' })).toBe(true);
    expect(sameItem(a, { gtin: null, brand: 'Shark', model: 'V8-Absolute' })).toBe(false);
    expect(sameItem(a, { gtin: null, brand: 'Dyson', model: 'V10' })).toBe(false);
  });

  it('a product with a GTIN is known by it, not by its model', () => {
    expect(sameItem(fryer, { gtin: null, brand: 'Ninja', model: 'AF101' })).toBe(false);
  });

  it('a product with neither is the same item as no other, not even its twin', () => {
    const bare = { gtin: null, brand: 'Ninja', model: null };
    expect(itemKey(bare)).toBeNull();
    expect(sameItem(bare, bare)).toBe(false);
    expect(sameItem({ ...bare, model: '  ' }, { ...bare, model: '' })).toBe(false);
  });

  it('the stored key says the same as sameItem', () => {
    expect(itemKey(fryer)).toBe('gtin:00036000291452');
    expect(itemKey({ gtin: null, brand: ' Dyson ', model: 'V8-Absolute' })).toBe('model:dyson|v8absolute');
  });
});

describe('the keys a product row stores', () => {
  it('are the item key and the compared model number, or null', () => {
    expect(identityKeys({ gtin: '00036000291452', brand: 'Ninja', model: 'AF-101' })).toEqual({
      itemKey: 'gtin:00036000291452',
      modelKey: 'af101',
    });
    expect(identityKeys({ gtin: null, brand: 'Dyson', model: 'V8 Absolute' })).toEqual({
      itemKey: 'model:dyson|v8absolute',
      modelKey: 'v8absolute',
    });
    expect(identityKeys({ gtin: null, brand: 'Dyson', model: null })).toEqual({
      itemKey: null,
      modelKey: null,
    });
    expect(identityKeys({ gtin: null, brand: 'Dyson', model: ' - ' })).toEqual({
      itemKey: null,
      modelKey: null,
    });
  });
});

describe('search terms that name an item', () => {
  it('reads a GTIN in any form and a model number with a digit', () => {
    expect(identitySearchTerms('0 36000 29145 2').gtin).toBe('00036000291452');
    expect(identitySearchTerms('01234565').gtin).toBe('00012345000065');
    expect(identitySearchTerms('WF-1000XM4').model).toBe('wf1000xm4');
    expect(identitySearchTerms('air fryer')).toEqual({ gtin: null, model: null });
  });
});
