// @vitest-environment jsdom
// The return-terms selects that the catalogue editor and the intake bench share (ProductFields.tsx).
import { NON_RETURNABLE_KINDS, SALE_TERMS, SALE_TERMS_LABELS } from '@rebound/contract/returns';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReturnTermsFields } from './ProductFields';

describe('Return terms fields', () => {
  it('labels both selects, offers every term and kind, and hands a choice to the form', async () => {
    const onTerms = vi.fn();
    const onKind = vi.fn();
    render(
      <ReturnTermsFields
        saleTerms={{ value: 'standard', onChange: (e) => onTerms(e.target.value), hint: 'Terms hint' }}
        nonReturnableKind={{ value: '', onChange: (e) => onKind(e.target.value) }}
      />,
    );
    const terms = screen.getByLabelText('Sale terms');
    const kind = screen.getByLabelText('Never returnable as');
    expect(screen.getByText('Terms hint').id).toBe(terms.getAttribute('aria-describedby'));
    expect(terms.querySelectorAll('option')).toHaveLength(SALE_TERMS.length);
    expect(kind.querySelectorAll('option')).toHaveLength(NON_RETURNABLE_KINDS.length + 1);
    expect(kind.querySelector('option')?.textContent).toBe('Ordinary goods (returnable)');

    const last = SALE_TERMS[SALE_TERMS.length - 1] as (typeof SALE_TERMS)[number];
    await userEvent.selectOptions(terms, SALE_TERMS_LABELS[last]);
    expect(onTerms).toHaveBeenCalledWith(last);
    await userEvent.selectOptions(kind, NON_RETURNABLE_KINDS[0] as string);
    expect(onKind).toHaveBeenCalledWith(NON_RETURNABLE_KINDS[0]);
  });
});
