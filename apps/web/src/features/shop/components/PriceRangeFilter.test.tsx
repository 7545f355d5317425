// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render';
import { PRICE_MAX_BELOW_MIN } from '../search-params';
import { PriceRangeFilter } from './PriceRangeFilter';

// A range the rule does not allow is refused with its message, never changed behind the shopper's
// back (docs/product.md "Browsing and search").

const box = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;

describe('PriceRangeFilter', () => {
  it('refuses a minimum above the maximum: the message shows, the boxes keep what was typed, nothing applies', async () => {
    const onApply = vi.fn();
    const { user } = renderPage(<PriceRangeFilter min={0} max={null} onApply={onApply} />);
    await user.clear(box('Min price'));
    await user.type(box('Min price'), '50');
    await user.type(box('Max price'), '10');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(screen.getByText(PRICE_MAX_BELOW_MIN)).toBeTruthy();
    expect(box('Min price').value).toBe('50');
    expect(box('Max price').value).toBe('10');
    expect(box('Max price').getAttribute('aria-invalid')).toBe('true');
    // Leaving the box does not apply it either.
    await user.click(document.body);
    expect(box('Max price').value).toBe('10');
    expect(onApply).not.toHaveBeenCalled();

    // Fixed: applied as typed, and the message goes.
    await user.clear(box('Max price'));
    await user.type(box('Max price'), '80');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(onApply).toHaveBeenCalledWith({ min: 50, max: 80 });
    expect(screen.queryByText(PRICE_MAX_BELOW_MIN)).toBeNull();
  });
});
