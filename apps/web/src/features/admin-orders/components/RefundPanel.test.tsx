// @vitest-environment jsdom
import type { AdminOrderDetail } from '@rebound/contract/admin-orders';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeServer, renderPage, shopper } from '../../../../test/render';
import { REFUND_SHOPPER_TOLD, RefundPanel } from './RefundPanel';

const ORDER = '00000000-0000-4000-8000-0000000000f1';
const REFUNDS = `/api/admin/orders/${ORDER}/refunds`;

/** An order charged $69.00, of which $10.00 is refunded already: $59.00 may still be refunded. */
function detail(over: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    order: { id: ORDER, totalCents: 6_900 },
    shopper: { email: 'pat@example.test' },
    refundedCents: 1_000,
    refundableCents: 5_900,
    refundBlockedReason: null,
    ...over,
  } as AdminOrderDetail;
}

function renderPanel(d = detail()) {
  return renderPage(<RefundPanel detail={d} />, { user: shopper({ role: 'staff' }) });
}

const amount = () => screen.getByRole('textbox', { name: /amount/i }) as HTMLInputElement;
const reason = () => screen.getByRole('textbox', { name: /reason/i });

describe('the refund amount input', () => {
  it('while a return is under way, says why in the server’s words and offers no refund form', () => {
    fakeServer({});
    const why =
      'This order has a return under way (received, being checked): refund or refuse it from the return, so the two never both pay back.';
    renderPanel(detail({ refundableCents: 0, refundBlockedReason: why }));
    expect(screen.getByText(why)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /amount/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /refund/i })).toBeNull();
  });

  it('starts at what is still refundable', () => {
    fakeServer({});
    renderPanel();
    expect(amount().value).toBe('59.00');
    expect(screen.getByText('$59.00')).toBeTruthy();
  });

  it('refuses text that is not an amount, zero, and more than is refundable; a reason is required', async () => {
    const server = fakeServer({});
    const { user } = renderPanel();
    const review = screen.getByRole('button', { name: 'Review refund' });
    await user.clear(amount());
    await user.type(amount(), 'ten');
    await user.click(review);
    expect(screen.getByText('Enter an amount such as 12.50.')).toBeTruthy();
    expect(screen.getByText('Please give a reason (at least 3 characters).')).toBeTruthy();

    await user.clear(amount());
    await user.type(amount(), '0');
    await user.click(review);
    expect(screen.getByText('Enter an amount such as 12.50.')).toBeTruthy();

    await user.clear(amount());
    await user.type(amount(), '59.01');
    await user.type(reason(), 'Scratched on arrival');
    await user.click(review);
    expect(screen.getByText('At most $59.00 can be refunded.')).toBeTruthy();
    expect(screen.queryByText('Please give a reason (at least 3 characters).')).toBeNull();
    expect(server.seen).toHaveLength(0);
  });

  it('confirms a partial refund in words, then sends exact cents once with a key', async () => {
    const server = fakeServer({ [`POST ${REFUNDS}`]: { message: 'Refunded $12.34.' } });
    const { user } = renderPanel();
    await user.clear(amount());
    await user.type(amount(), '12.34');
    await user.type(reason(), '  Missing a part  ');
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    expect(screen.getByText('Refund $12.34 to pat@example.test?')).toBeTruthy();
    expect(screen.getByText(/A partial refund: \$46\.66 stays refundable\./)).toBeTruthy();
    expect(server.seen).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Refund $12.34' }));
    expect(await screen.findByText('Refunded $12.34.')).toBeTruthy();
    expect(screen.getByText(REFUND_SHOPPER_TOLD)).toBeTruthy();
    const sent = server.calls('POST', REFUNDS);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ amountCents: 1_234, reason: 'Missing a part' });
    expect(sent[0]?.headers['Idempotency-Key']).toMatch(/.{8,}/);
  });

  it('the whole rest of the order is called a full refund', async () => {
    fakeServer({});
    const { user } = renderPanel();
    await user.type(reason(), 'Never arrived');
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    expect(screen.getByText(/This refunds the order in full/)).toBeTruthy();
  });

  it('an answer that never came keeps the same key for the retry; a refusal goes back to the form', async () => {
    let calls = 0;
    const server = fakeServer({
      [`POST ${REFUNDS}`]: () => {
        calls += 1;
        return calls === 1
          ? answer(502, {
              error: { code: 'refund_unconfirmed', message: 'The card processor did not answer.' },
            })
          : answer(409, { error: { code: 'refund_too_large', message: 'Only $50.00 can be refunded now.' } });
      },
    });
    const { user } = renderPanel();
    await user.type(reason(), 'Damaged');
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    await user.click(screen.getByRole('button', { name: 'Refund $59.00' }));
    expect(await screen.findByText('The card processor did not answer.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Only $50.00 can be refunded now.')).toBeTruthy();
    const [first, second] = server.calls('POST', REFUNDS);
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    expect(screen.getByRole('button', { name: 'Review refund' })).toBeTruthy();
  });
});
