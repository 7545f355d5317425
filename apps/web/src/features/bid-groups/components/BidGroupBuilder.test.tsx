// @vitest-environment jsdom
import type { BidGroup, BidGroupResponse } from '@rebound/contract/bid-groups';
import type { ProductDetail } from '@rebound/contract/catalog';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, renderPage } from '../../../../test/render';
import type { GroupLotChoice } from '../lots';
import { BidGroupBuilder } from './BidGroupBuilder';

const lot = (n: number, over: Partial<GroupLotChoice> = {}): GroupLotChoice => ({
  auctionId: `00000000-0000-4000-8000-0000000000a${n}`,
  slug: `drill-${n}`,
  title: `Cordless Drill, lot ${n}`,
  status: 'live',
  startTime: '2026-11-20T18:00:00.000Z',
  endTime: `2099-11-2${n}T18:00:00.000Z`,
  currentPriceCents: 2_000,
  saleTerms: 'standard',
  ...over,
});

const GROUP: BidGroup = {
  id: '00000000-0000-4000-8000-0000000000f1',
  winAtMost: 1,
  state: 'active',
  wins: 0,
  createdAt: '2026-11-27T18:00:00.000Z',
  lots: [],
  story: [],
};
const created: BidGroupResponse = { serverTime: '2026-11-27T18:00:00.000Z', group: GROUP };

const rows = () => screen.getAllByTestId('group-builder-lot');
const rowOf = (title: string) => {
  const row = rows().find((r) => r.textContent?.includes(title));
  if (!row) throw new Error(`no row for ${title}`);
  return row;
};
const shared = () => screen.getByRole('textbox', { name: 'Maximum for each lot' });
const submit = () => screen.getByRole('button', { name: /start the group/i });

describe('BidGroupBuilder', () => {
  it('starts with every lot chosen, soonest ending first, to win one, and says the plan and the terms before any submit', () => {
    fakeServer({});
    renderPage(
      <BidGroupBuilder
        lots={[lot(3), lot(1, { saleTerms: 'final_sale' }), lot(2, { saleTerms: 'as_is' })]}
        onCreated={() => {}}
      />,
    );
    expect(rows().map((r) => (within(r).getByRole('checkbox') as HTMLInputElement).checked)).toEqual([
      true,
      true,
      true,
    ]);
    expect(rows()[0]?.textContent).toContain('lot 1');
    expect(rows()[2]?.textContent).toContain('lot 3');
    expect((screen.getByRole('combobox', { name: 'Win at most' }) as HTMLSelectElement).value).toBe('1');
    // 1 or 2 of 3: never all of them.
    expect(within(screen.getByRole('combobox', { name: 'Win at most' })).getAllByRole('option')).toHaveLength(
      2,
    );
    const plan = screen.getByTestId('group-builder-plan');
    expect(plan.textContent).toContain(
      'We bid on one lot at a time, soonest-ending first. If you are outbid, we move to the next. You will win at most 1. Bids are binding.',
    );
    const terms = screen.getByTestId('group-builder-terms').textContent;
    expect(terms).toContain('Cordless Drill, lot 1: Final sale: no returns.');
    expect(terms).toContain('Cordless Drill, lot 2: As is: sold as found, no returns.');
    expect(terms).toContain('The others: Standard');
    expect(submit().textContent).toBe('Start the group: win one');
  });

  it('sends one maximum for all, a lot’s own where edited, leaves out unchecked lots and sends the number to win', async () => {
    const server = fakeServer({ 'POST /api/bid-groups': created });
    const onCreated = vi.fn();
    const { user } = renderPage(
      <BidGroupBuilder lots={[lot(1), lot(2), lot(3), lot(4)]} onCreated={onCreated} />,
    );
    await user.type(shared(), '50');
    // Every lot follows the one maximum until edited.
    expect(
      (
        within(rowOf('lot 2')).getByRole('textbox', {
          name: /maximum for cordless drill, lot 2/i,
        }) as HTMLInputElement
      ).value,
    ).toBe('50');
    const own = within(rowOf('lot 3')).getByRole('textbox');
    await user.clear(own);
    await user.type(own, '72.50');
    await user.click(within(rowOf('lot 4')).getByRole('checkbox'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Win at most' }), '2');
    expect(screen.getByTestId('group-builder-plan').textContent).toContain(
      'We bid on up to 2 lots at a time, soonest-ending first. If you are outbid, we move to the next. You will win at most 2.',
    );
    await user.click(submit());
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(GROUP));
    expect(server.calls('POST', '/api/bid-groups')[0]?.body).toEqual({
      winAtMost: 2,
      lots: [
        { auctionId: lot(1).auctionId, amount: '50' },
        { auctionId: lot(2).auctionId, amount: '50' },
        { auctionId: lot(3).auctionId, amount: '72.50' },
      ],
    });
  });

  it('keeps the number to win below the lots chosen when lots are left out', async () => {
    fakeServer({});
    const { user } = renderPage(<BidGroupBuilder lots={[lot(1), lot(2), lot(3)]} onCreated={() => {}} />);
    const win = screen.getByRole('combobox', { name: 'Win at most' }) as HTMLSelectElement;
    await user.selectOptions(win, '2');
    await user.click(within(rowOf('lot 3')).getByRole('checkbox'));
    expect(win.value).toBe('1');
    expect(within(win).getAllByRole('option')).toHaveLength(1);
  });

  it('asks for a maximum on each chosen lot and for two lots, without sending', async () => {
    const server = fakeServer({});
    const { user } = renderPage(<BidGroupBuilder lots={[lot(1), lot(2)]} onCreated={() => {}} />);
    await user.click(submit());
    expect(screen.getAllByTestId('group-builder-lot-error').map((e) => e.textContent)).toEqual([
      'Enter your maximum for this lot.',
      'Enter your maximum for this lot.',
    ]);
    await user.click(within(rowOf('lot 2')).getByRole('checkbox'));
    await user.type(shared(), '40');
    await user.click(submit());
    expect(screen.getByRole('alert').textContent).toBe('A group needs at least 2 lots.');
    expect(server.calls('POST', '/api/bid-groups')).toHaveLength(0);
  });

  it('shows the server’s message beside the lot it names, and a message naming none above the button', async () => {
    let refusal = answer(409, {
      error: {
        code: 'bid_group_lot_in_group',
        message: 'Cordless Drill, lot 2 is already in another of your groups.',
      },
    });
    fakeServer({ 'POST /api/bid-groups': () => refusal });
    const { user } = renderPage(<BidGroupBuilder lots={[lot(1), lot(2)]} onCreated={() => {}} />);
    await user.type(shared(), '30');
    await user.click(submit());
    const error = await within(rowOf('lot 2')).findByTestId('group-builder-lot-error');
    expect(error.textContent).toBe('Cordless Drill, lot 2 is already in another of your groups.');
    const input = within(rowOf('lot 2')).getByRole('textbox');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(within(rowOf('lot 1')).queryByTestId('group-builder-lot-error')).toBeNull();

    refusal = answer(422, {
      error: {
        code: 'bid_group_win_at_most',
        message: 'Choose to win at least 1 lot and fewer than the lots in the group.',
      },
    });
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Choose to win at least 1 lot and fewer than the lots in the group.',
      ),
    );
    expect(screen.queryByTestId('group-builder-lot-error')).toBeNull();
  });

  it('reads the terms of lots that came without them before it lets the shopper submit', async () => {
    const detail = {
      serverTime: '2026-11-27T18:00:00.000Z',
      product: { saleTerms: 'as_is', nonReturnableKind: null },
    } as unknown as ProductDetail;
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = fakeServer({
      'GET /api/products/drill-2': async () => {
        await arrived;
        return detail;
      },
    });
    renderPage(<BidGroupBuilder lots={[lot(1), lot(2, { saleTerms: null })]} onCreated={() => {}} />);
    expect(screen.getByText("Checking each lot's terms…")).toBeTruthy();
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() =>
      expect(screen.getByTestId('group-builder-terms').textContent).toContain(
        'Cordless Drill, lot 2: As is: sold as found, no returns.',
      ),
    );
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
    expect(server.calls('GET', '/api/products/drill-1')).toHaveLength(0);
  });

  it('asks a signed-out shopper to sign in and does not submit', () => {
    fakeServer({});
    renderPage(<BidGroupBuilder lots={[lot(1), lot(2)]} onCreated={() => {}} />, {
      user: null,
      path: '/product/drill-1',
    });
    expect(screen.getByRole('link', { name: 'Sign in to make a group' }).getAttribute('href')).toBe(
      '/auth?next=%2Fproduct%2Fdrill-1',
    );
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
  });
});
