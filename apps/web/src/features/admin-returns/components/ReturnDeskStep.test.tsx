// @vitest-environment jsdom
import type { AdminReturnDetail } from '@rebound/contract/returns';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, renderPage, shopper } from '../../../../test/render';
import { ReturnDeskStep } from './ReturnDeskStep';

const ID = '00000000-0000-4000-8000-0000000000b1';
const BASE = `/api/admin/returns/${ID}`;

/** A return of an item paid $120.75 in all (price, premium and taxes): what a refund pays back. */
function detail(over: Partial<AdminReturnDetail> = {}): AdminReturnDetail {
  return {
    id: ID,
    state: 'drop_off_booked',
    stateLabel: 'Drop-off booked',
    refundCents: 12_075,
    refusalReason: null,
    shopper: { id: 'u1', email: 'pat@example.test', handle: 'pat', name: 'Pat' },
    canReceive: true,
    canDecide: false,
    decidedAt: null,
    decidedBy: null,
    ...over,
  } as AdminReturnDetail;
}

const received = (over: Partial<AdminReturnDetail> = {}) =>
  detail({
    state: 'received',
    stateLabel: 'Received, being checked',
    canReceive: false,
    canDecide: true,
    ...over,
  });

function renderStep(d: AdminReturnDetail) {
  return renderPage(<ReturnDeskStep detail={d} />, { user: shopper({ role: 'staff' }) });
}

describe('the desk’s receive step', () => {
  it('sends the checklist as ticked and the trimmed note', async () => {
    const server = fakeServer({ [`POST ${BASE}/receive`]: { return: received() } });
    const { user } = renderStep(detail());
    await user.click(screen.getByRole('checkbox', { name: 'All parts present' }));
    await user.click(screen.getByRole('checkbox', { name: 'Matches the listing' }));
    await user.type(screen.getByRole('textbox', { name: /desk note/i }), '  Box dented  ');
    await user.click(screen.getByRole('button', { name: 'Receive return' }));
    await vi.waitFor(() => expect(server.calls('POST', `${BASE}/receive`)).toHaveLength(1));
    const sent = server.calls('POST', `${BASE}/receive`);
    expect(sent[0]?.body).toEqual({
      checklist: { all_parts_present: true, undamaged: false, matches_listing: true },
      note: 'Box dented',
    });
  });

  it('shows the server’s refusal', async () => {
    fakeServer({
      [`POST ${BASE}/receive`]: answer(409, {
        error: { code: 'return_not_open', message: 'This return was withdrawn by the shopper.' },
      }),
    });
    const { user } = renderStep(detail());
    await user.click(screen.getByRole('button', { name: 'Receive return' }));
    expect(await screen.findByText('This return was withdrawn by the shopper.')).toBeTruthy();
  });
});

describe('refund or refuse a received return', () => {
  it('shows the amount the server computed and refunds it only after a confirmation', async () => {
    const server = fakeServer({
      [`POST ${BASE}/refund`]: {
        return: received({ state: 'refunded', stateLabel: 'Refunded', canDecide: false }),
      },
    });
    const { user } = renderStep(received());
    expect(screen.getByText('$120.75')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refund $120.75' }));
    expect(screen.getByText('Refund $120.75 to pat@example.test?')).toBeTruthy();
    expect(server.seen).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm refund of $120.75' }));
    expect(await screen.findByText('Refunded $120.75. The shopper is told.')).toBeTruthy();
    expect(server.calls('POST', `${BASE}/refund`)).toHaveLength(1);
  });

  it('the confirm button waits while the refund is sent, and a refusal is shown', async () => {
    let release: (value: object) => void = () => {};
    fakeServer({
      [`POST ${BASE}/refund`]: () =>
        new Promise<object>((resolve) => {
          release = resolve;
        }),
    });
    const { user } = renderStep(received());
    await user.click(screen.getByRole('button', { name: 'Refund $120.75' }));
    await user.click(screen.getByRole('button', { name: 'Confirm refund of $120.75' }));
    const busy = await screen.findByRole('button', { name: /Confirm refund/ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
    release(
      answer(502, { error: { code: 'refund_failed', message: 'The card processor refused the refund.' } }),
    );
    expect(await screen.findByText('The card processor refused the refund.')).toBeTruthy();
  });

  it('refusing needs a reason; the reason is sent trimmed', async () => {
    const server = fakeServer({
      [`POST ${BASE}/refuse`]: { return: received({ state: 'refused', stateLabel: 'Return refused' }) },
    });
    const { user } = renderStep(received());
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    await user.click(screen.getByRole('button', { name: 'Refuse return' }));
    expect(screen.getByText('Please give a reason (at least 3 characters).')).toBeTruthy();
    expect(server.seen).toHaveLength(0);
    await user.type(
      screen.getByRole('textbox', { name: /reason for refusing/i }),
      '  Water damage, not ours  ',
    );
    await user.click(screen.getByRole('button', { name: 'Refuse return' }));
    expect(await screen.findByText('Return refused. The shopper is told why.')).toBeTruthy();
    expect(server.calls('POST', `${BASE}/refuse`)[0]?.body).toEqual({
      reason: 'Water damage, not ours',
      itemKept: false,
    });
  });
});
