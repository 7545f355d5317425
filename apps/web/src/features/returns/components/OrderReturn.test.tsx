// @vitest-environment jsdom
import type { OrderView } from '@rebound/contract/orders';
import type { OrderReturnInfo, ReturnView } from '@rebound/contract/returns';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, renderPage } from '../../../../test/render';
import { OrderReturn } from './OrderReturn';

const ORDER = '00000000-0000-4000-8000-0000000000a1';
const RETURN = '00000000-0000-4000-8000-0000000000e1';
const DAY = 86_400_000;

function order(info: Partial<OrderReturnInfo>): OrderView {
  return {
    id: ORDER,
    status: 'completed',
    product: { title: 'Cordless drill' },
    returnInfo: {
      canRequest: false,
      refusal: null,
      refusalMessage: null,
      deadline: new Date(Date.now() + 3 * DAY).toISOString(),
      lastDayLabel: 'Mon, Nov 30',
      current: null,
      ...info,
    },
  } as OrderView;
}

function booked(over: Partial<ReturnView> = {}): ReturnView {
  return {
    id: RETURN,
    orderId: ORDER,
    productTitle: 'Cordless drill',
    state: 'drop_off_booked',
    stateLabel: 'Drop-off booked',
    reasonLabel: 'Missing parts',
    lastDayLabel: 'Mon, Nov 30',
    dropOff: { label: 'Sat, Nov 28, 10:00 – 10:30 a.m. PT', locationName: 'Burnaby' },
    canBookDropOff: true,
    canWithdraw: true,
    refundCents: 12_075,
    refusalReason: null,
    history: [],
    ...over,
  } as ReturnView;
}

describe('the return part of an order', () => {
  it('a Final Sale item says why it cannot be returned, with no button', () => {
    fakeServer({});
    renderPage(
      <OrderReturn
        order={order({
          refusal: 'final_sale',
          refusalMessage: 'This item was sold as Final Sale and cannot be returned.',
        })}
      />,
    );
    expect(screen.getByTestId('order-return-refusal').textContent).toBe(
      'This item was sold as Final Sale and cannot be returned.',
    );
    expect(screen.queryByRole('button', { name: 'Request a return' })).toBeNull();
  });

  it('within the window: the deadline on the shop clock, and the form on request', async () => {
    fakeServer({});
    const { user } = renderPage(<OrderReturn order={order({ canRequest: true })} />);
    expect(screen.getByTestId('order-return-request').textContent).toMatch(
      /Return it free by the end of \w{3}, \w{3} \d{1,2} \(PT\)\./,
    );
    await user.click(screen.getByRole('button', { name: 'Request a return' }));
    expect(screen.getByRole('form', { name: 'Request a return of Cordless drill' })).toBeTruthy();
  });

  it('a booked return shows its drop-off; withdrawing asks first, then sends once', async () => {
    const server = fakeServer({
      [`POST /api/me/returns/${RETURN}/withdraw`]: { return: booked({ state: 'withdrawn' }) },
    });
    const { user } = renderPage(<OrderReturn order={order({ current: booked() })} />);
    expect(screen.getByTestId('return-state').textContent).toBe('Drop-off booked');
    expect(screen.getByTestId('return-drop-off').textContent).toContain('Sat, Nov 28, 10:00 – 10:30 a.m. PT');
    await user.click(screen.getByRole('button', { name: 'Withdraw request' }));
    expect(server.seen).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Withdraw return' }));
    await vi.waitFor(() =>
      expect(server.calls('POST', `/api/me/returns/${RETURN}/withdraw`)).toHaveLength(1),
    );
  });

  it('a refunded return says how much', () => {
    fakeServer({});
    renderPage(
      <OrderReturn
        order={order({
          current: booked({
            state: 'refunded',
            stateLabel: 'Refunded',
            canBookDropOff: false,
            canWithdraw: false,
          }),
        })}
      />,
    );
    expect(screen.getByTestId('return-refund').textContent).toContain('Refunded $120.75');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
