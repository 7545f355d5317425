// @vitest-environment jsdom
import type { CreateCheckoutResponse } from '@rebound/contract/orders';
import { useMutation } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, renderPage } from '../../test/render';
import { sendJson } from './api-client';
import { useHostedCheckout } from './hosted-checkout';

function Checkout({ onRefused }: { onRefused?: () => void }) {
  const create = useMutation({
    mutationFn: (n: number) => sendJson<CreateCheckoutResponse>('POST', '/api/checkout', { n }),
  });
  const { open, busy } = useHostedCheckout(create, onRefused);
  return (
    <button type="button" onClick={() => open(7)} disabled={busy}>
      {busy ? 'Opening…' : 'Pay'}
    </button>
  );
}

const totals = { subtotalCents: 0, premiumCents: 0, pstCents: 0, gstCents: 0, totalCents: 0 };

describe('opening the hosted checkout', () => {
  it('sends the variables, leaves for the answer’s page and stays busy until it has gone', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const server = fakeServer({
      'POST /api/checkout': {
        url: 'http://rebound.test/test-checkout/cs_1',
        sessionId: 'cs_1',
        provider: 'test',
        totals,
      },
    });
    const { user } = renderPage(<Checkout />);
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://rebound.test/test-checkout/cs_1'));
    expect(server.calls('POST', '/api/checkout')[0]?.body).toEqual({ n: 7 });
    expect((screen.getByRole('button', { name: 'Opening…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a server failure is told in the catalogue’s words and runs onRefused; the button works again', async () => {
    const onRefused = vi.fn();
    fakeServer({ 'POST /api/checkout': answer(500, { error: { code: 'internal', message: 'Boom' } }) });
    const { user } = renderPage(<Checkout onRefused={onRefused} />);
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Failed to create checkout session. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Boom')).toBeNull();
    expect(onRefused).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
