import { gtinProblem } from '@rebound/core/item-identity';
import { describe, expect, it } from 'vitest';
import { ProductFormValues, ProductInput, productInputFromForm } from './admin-catalogue';

// The staff form's GTIN and model number fields (docs/product.md "Staff: catalogue, manifest and search").

const form = (over: Partial<Record<keyof ProductFormValues, unknown>> = {}) => ({
  title: 'Air Fryer 4 qt',
  brand: 'Ninja',
  description: '',
  categoryId: '',
  condition: 'open_box',
  retail: '129.99',
  resale: '70',
  sku: '',
  gtin: '',
  model: '',
  isFeatured: false,
  deskNotes: '',
  ...over,
});

const messagesOf = (values: unknown) => {
  const parsed = ProductFormValues.safeParse(values);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('the GTIN and model number fields', () => {
  it("show core's words inline for a GTIN that cannot be one", () => {
    expect(messagesOf(form({ gtin: '036000291453' }))).toEqual([['gtin', gtinProblem('check_digit')]]);
    expect(messagesOf(form({ gtin: '12345' }))).toEqual([['gtin', gtinProblem('format')]]);
    expect(messagesOf(form({ gtin: '21234565' }))).toEqual([['gtin', gtinProblem('upc_e_number_system')]]);
    expect(messagesOf(form({ model: 'M'.repeat(65) }))).toEqual([
      ['model', 'A model number has at most 64 characters.'],
    ]);
  });

  it('accept any form of a GTIN, and empty fields mean none', () => {
    for (const gtin of [
      '',
      '036000291452',
      '0 36000 29145-2',
      '01234565',
      '4006381333931',
      '00036000291452',
    ]) {
      expect(messagesOf(form({ gtin }))).toEqual([]);
    }
  });

  it('make an API body the server reads as the normal form and the tidied model', () => {
    const body = productInputFromForm(
      ProductFormValues.parse(form({ gtin: ' 0 36000 29145-2 ', model: ' AF  101 ' })),
    );
    expect(body).toMatchObject({ gtin: '0 36000 29145-2', model: 'AF  101' });
    expect(ProductInput.parse(body)).toMatchObject({ gtin: '00036000291452', model: 'AF 101' });
    const none = productInputFromForm(ProductFormValues.parse(form()));
    expect(none).toMatchObject({ gtin: null, model: null });
    expect(ProductInput.parse(none)).toMatchObject({ gtin: null, model: null });
  });
});
