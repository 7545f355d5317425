import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvCell,
  decodeManifest,
  imageFileKey,
  MAX_ROW_QUANTITY,
  maxSeriesSkuLength,
  normalizeHeader,
  parseQuantityCell,
  parseSaleTermsCell,
  parseYesNo,
  skuOfImageName,
  splitImageNames,
  toCsv,
  unitSkus,
} from './manifest';

/** Reads one cell back the way RFC 4180 says (test helper, a single cell only). */
function readCell(cell: string): string {
  if (cell.startsWith('"') && cell.endsWith('"') && cell.length >= 2) {
    return cell.slice(1, -1).replaceAll('""', '"');
  }
  return cell;
}

describe('normalizeHeader', () => {
  it('drops a byte-order mark, spaces and case, and joins words with underscores', () => {
    expect(normalizeHeader('\uFEFFSKU')).toBe('sku');
    expect(normalizeHeader('  Retail Price ')).toBe('retail_price');
    expect(normalizeHeader('resale-price')).toBe('resale_price');
    expect(normalizeHeader('Desk  Notes')).toBe('desk_notes');
  });

  it('maps the usual spreadsheet names to the columns', () => {
    expect(normalizeHeader('MSRP')).toBe('retail_price');
    expect(normalizeHeader('Photos')).toBe('images');
    expect(normalizeHeader('Name')).toBe('title');
    expect(normalizeHeader('Price')).toBe('resale_price');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (h) => {
        const once = normalizeHeader(h);
        expect(normalizeHeader(once)).toBe(once);
      }),
    );
  });
});

describe('parseYesNo', () => {
  it('reads the usual yes and no spellings', () => {
    for (const v of ['yes', 'Y', 'TRUE', '1', 'x', ' Yes ']) expect(parseYesNo(v)).toBe(true);
    for (const v of ['', 'no', 'N', 'false', '0', '  ']) expect(parseYesNo(v)).toBe(false);
  });

  it('answers null for anything else, so the row can say so', () => {
    expect(parseYesNo('maybe')).toBeNull();
    expect(parseYesNo('2')).toBeNull();
  });
});

describe('splitImageNames', () => {
  it('splits on ; and |, trims and drops empties and repeats (any case)', () => {
    expect(splitImageNames(' a.jpg; b.png ;;A.JPG|c.webp ')).toEqual(['a.jpg', 'b.png', 'c.webp']);
    expect(splitImageNames('')).toEqual([]);
  });
});

describe('image names', () => {
  it('compares file names without folders or case', () => {
    expect(imageFileKey('Photos/ABC-1.JPG')).toBe('abc-1.jpg');
    expect(imageFileKey('C:\\drop\\x.png')).toBe('x.png');
  });

  it('reads the SKU a photo is named after, with or without its number', () => {
    expect(skuOfImageName('ABC-1.jpg')).toBe('ABC-1');
    expect(skuOfImageName('abc-1_2.JPG')).toBe('ABC-1');
    expect(skuOfImageName('abc-1 (3).png')).toBe('ABC-1');
    expect(skuOfImageName('ABC-1-2.jpg')).toBe('ABC-1-2');
  });
});

describe('csvCell', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
  });

  it('quotes commas, quotes, line breaks and edge spaces; numbers stay numbers', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' pad')).toBe('" pad"');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell('plain')).toBe('plain');
  });

  it('never lets text start a formula, and reads back as the text (apostrophe aside)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const back = readCell(csvCell(s));
        expect(back).not.toMatch(/^[=+\-@\t\r]/);
        expect(back === s || back === `'${s}`).toBe(true);
      }),
    );
  });
});

describe('toCsv', () => {
  it('writes CRLF rows', () => {
    expect(
      toCsv([
        ['row', 'sku'],
        [2, 'A,1'],
      ]),
    ).toBe('row,sku\r\n2,"A,1"\r\n');
  });
});

describe('decodeManifest', () => {
  const utf16 = (text: string, order: 'le' | 'be') => {
    const le = Buffer.from(text, 'utf16le');
    if (order === 'be') le.swap16();
    return Buffer.concat([Buffer.from(order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]), le]);
  };
  const csv = 'sku,title\r\nA-1,Caf\u00e9 table \u2014 oak\r\n';

  it('reads UTF-8 with or without a byte-order mark, and UTF-16 LE and BE by their mark', () => {
    expect(decodeManifest(Buffer.from(csv, 'utf8'))).toEqual({ ok: true, text: csv, encoding: 'utf-8' });
    expect(decodeManifest(Buffer.from(`\uFEFF${csv}`, 'utf8'))).toEqual({
      ok: true,
      text: csv,
      encoding: 'utf-8',
    });
    expect(decodeManifest(utf16(csv, 'le'))).toEqual({ ok: true, text: csv, encoding: 'utf-16le' });
    expect(decodeManifest(utf16(csv, 'be'))).toEqual({ ok: true, text: csv, encoding: 'utf-16be' });
  });

  it('refuses Latin-1 (or any bytes that are not UTF-8) at the line of the first one, never replacing it', () => {
    const latin1 = Buffer.from('sku,title\r\nA-1,Desk\r\nA-2,Caf\u00e9 table\r\n', 'latin1');
    expect(decodeManifest(latin1)).toEqual({ ok: false, problem: 'not_utf8', line: 3 });
    expect(decodeManifest(Buffer.from([0x73, 0x6b, 0x75, 0xff]))).toEqual({
      ok: false,
      problem: 'not_utf8',
      line: 1,
    });
  });

  it('refuses a NUL character in a header or a cell, at its line', () => {
    expect(decodeManifest(Buffer.from('sku\u0000,title\r\nA,B\r\n'))).toEqual({
      ok: false,
      problem: 'nul',
      line: 1,
    });
    expect(decodeManifest(Buffer.from('sku,title\r\nA,B\r\nC,"D\nE\u0000"\r\n'))).toEqual({
      ok: false,
      problem: 'nul',
      line: 4,
    });
    expect(decodeManifest(utf16('sku,title\r\nA,\u0000\r\n', 'le'))).toEqual({
      ok: false,
      problem: 'nul',
      line: 2,
    });
  });

  it('gives back exactly the text of any valid UTF-8 without NUL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        fc.pre(!text.includes('\u0000') && !text.startsWith('\uFEFF'));
        expect(decodeManifest(Buffer.from(text, 'utf8'))).toEqual({ ok: true, text, encoding: 'utf-8' });
      }),
    );
  });
});

describe('parseSaleTermsCell', () => {
  it('reads empty as standard, and each term by its value or its label without case', () => {
    expect(parseSaleTermsCell('')).toBe('standard');
    expect(parseSaleTermsCell('   ')).toBe('standard');
    expect(parseSaleTermsCell('standard')).toBe('standard');
    expect(parseSaleTermsCell('Standard')).toBe('standard');
    expect(parseSaleTermsCell('final_sale')).toBe('final_sale');
    expect(parseSaleTermsCell('Final Sale')).toBe('final_sale');
    expect(parseSaleTermsCell(' FINAL SALE ')).toBe('final_sale');
    expect(parseSaleTermsCell('final-sale')).toBe('final_sale');
    expect(parseSaleTermsCell('as_is')).toBe('as_is');
    expect(parseSaleTermsCell('As-Is')).toBe('as_is');
    expect(parseSaleTermsCell('as is')).toBe('as_is');
    expect(parseSaleTermsCell('AS-IS')).toBe('as_is');
  });

  it('refuses anything else', () => {
    for (const cell of ['final', 'sale', 'asis', 'yes', 'no', 'returnable', 'final sale!', '0']) {
      expect(parseSaleTermsCell(cell), cell).toBeNull();
    }
  });

  it('reads every term and label whatever its case, spacing and separators (property)', () => {
    const spelling = fc.constantFrom('final_sale', 'Final Sale', 'as_is', 'As-Is', 'standard', 'Standard');
    const separator = fc.constantFrom(' ', '-', '_', '  ', ' - ');
    fc.assert(
      fc.property(
        spelling,
        separator,
        fc.boolean(),
        fc.string({ unit: fc.constantFrom(' ', '\t') }),
        (s, sep, upper, pad) => {
          const cell = `${pad}${s.replace(/[\s_-]+/g, sep)}${pad}`;
          const expected = s.toLowerCase().replace(/[\s_-]+/g, '_');
          expect(parseSaleTermsCell(upper ? cell.toUpperCase() : cell.toLowerCase())).toBe(expected);
        },
      ),
    );
  });

  it('answers a term or null for any text, never throws (property)', () => {
    fc.assert(
      fc.property(fc.string(), (cell) => {
        const v = parseSaleTermsCell(cell);
        expect(v === null || ['standard', 'final_sale', 'as_is'].includes(v)).toBe(true);
      }),
    );
  });
});

describe('identity and quantity columns', () => {
  it('reads a barcode column under its usual names, and the model number and quantity', () => {
    for (const h of ['GTIN', 'UPC', 'upc', 'EAN', 'EAN-13', 'UPC-A', 'GTIN-14', 'Barcode']) {
      expect(normalizeHeader(h)).toBe('gtin');
    }
    expect(normalizeHeader('Model')).toBe('model');
    expect(normalizeHeader('Model Number')).toBe('model');
    expect(normalizeHeader('Qty')).toBe('quantity');
    expect(normalizeHeader('Quantity')).toBe('quantity');
  });

  it('a quantity is a whole number from 1 to 100, empty meaning 1', () => {
    expect(parseQuantityCell('')).toBe(1);
    expect(parseQuantityCell('  ')).toBe(1);
    expect(parseQuantityCell('1')).toBe(1);
    expect(parseQuantityCell(' 12 ')).toBe(12);
    expect(parseQuantityCell(String(MAX_ROW_QUANTITY))).toBe(100);
    for (const bad of ['0', '101', '2.5', '-3', 'two', '1e2', '1,000', '+4']) {
      expect(parseQuantityCell(bad)).toBeNull();
    }
  });

  it('one unit keeps the SKU; several get -01, -02, ... in order, each its own', () => {
    expect(unitSkus('RB-1', 1)).toEqual(['RB-1']);
    expect(unitSkus('RB-1', 3)).toEqual(['RB-1-01', 'RB-1-02', 'RB-1-03']);
    const hundred = unitSkus('X', 100);
    expect(hundred).toHaveLength(100);
    expect(new Set(hundred).size).toBe(100);
    expect(hundred.at(-1)).toBe('X-100');
    fc.assert(
      fc.property(fc.integer({ min: 2, max: MAX_ROW_QUANTITY }), (n) => {
        const skus = unitSkus('A'.repeat(maxSeriesSkuLength(n, 64)), n);
        return skus.length === n && skus.every((s) => s.length <= 64);
      }),
    );
  });

  it('leaves room for the suffix only when there are several units', () => {
    expect(maxSeriesSkuLength(1, 64)).toBe(64);
    expect(maxSeriesSkuLength(2, 64)).toBe(61);
    expect(maxSeriesSkuLength(100, 64)).toBe(60);
  });
});
