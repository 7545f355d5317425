// @vitest-environment jsdom
import type { OperationsResponse } from '@rebound/contract/admin-operations';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeServer, renderPage, shopper, watchErrorToasts } from '../../../../test/render';
import OperationsPage, { formatSeconds } from './OperationsPage';

const DEAD = '00000000-0000-4000-8000-0000000000d1';

function figures(over: Partial<OperationsResponse['outbox']> = {}): OperationsResponse {
  return {
    at: '2026-06-15T18:00:00.000Z',
    instance: { host: 'web-1', pid: 4242, worker: null },
    outbox: {
      pending: 3,
      oldestPendingAgeSeconds: 125,
      dead: 1,
      latestDead: [
        {
          id: DEAD,
          channel: 'email',
          template: 'outbid',
          attempts: 8,
          lastError: '550 no such mailbox',
          requestId: 'req-abc',
          deadAt: '2026-06-15T17:59:00.000Z',
        },
      ],
      sentLastDay: { email: 40, sms: 2, push: 5 },
      ...over,
    },
    jobs: [
      { name: 'outbox.send', everySeconds: 5, lastSuccessSecondsAgo: 2, lagSeconds: 0, failures: 0 },
      { name: 'auctions.close', everySeconds: 30, lastSuccessSecondsAgo: 400, lagSeconds: 370, failures: 3 },
    ],
    realtime: { listenConnected: false, listenReconnects: 2, openSockets: 17 },
    bidBatches: { batches: 10, bids: 25, meanSeconds: 0.004, maxSeconds: 0.02 },
    dbPool: { total: 10, idle: 7, waiting: 0, waits: 4, waitSeconds: 0.1 },
    auctionCloseLagSeconds: 0,
  };
}

const staff = () => ({ user: shopper({ role: 'staff' }) });

describe('the operator page', () => {
  it('shows the outbox, a dead letter with its request id, jobs, realtime and the server', async () => {
    fakeServer({ 'GET /api/admin/operations': figures() });
    renderPage(<OperationsPage />, staff());
    expect(await screen.findByText('req-abc')).toBeTruthy();
    expect(screen.getByText(/from server web-1 \(process 4242\)/)).toBeTruthy();
    expect(screen.getByText('2 min 5 s')).toBeTruthy();
    expect(screen.getByText('Email 40 · SMS 2 · Push 5')).toBeTruthy();
    expect(screen.getByText('550 no such mailbox')).toBeTruthy();
    const jobs = screen.getByRole('table');
    const late = within(jobs).getByRole('row', { name: /auctions\.close/ });
    expect(late.textContent).toContain('6 min 10 s');
    expect(screen.getByText('Not connected')).toBeTruthy();
    expect(screen.getByText('17')).toBeTruthy();
    expect(screen.getByText('3 of 10 busy')).toBeTruthy();
  });

  it('retries a dead letter with the Messages section endpoint and asks again', async () => {
    const server = fakeServer({
      'GET /api/admin/operations': figures(),
      [`POST /api/admin/messages/dead-letters/${DEAD}/retry`]: { id: DEAD, result: 'retried' },
    });
    renderPage(<OperationsPage />, staff());
    fireEvent.click(await screen.findByRole('button', { name: 'Retry the email message outbid' }));
    await waitFor(() =>
      expect(server.calls('POST', `/api/admin/messages/dead-letters/${DEAD}/retry`)).toHaveLength(1),
    );
    await waitFor(() => expect(server.calls('GET', '/api/admin/operations').length).toBeGreaterThan(1));
  });

  it('a retry that failed, then one that works: the earlier error toast closes', async () => {
    let tries = 0;
    fakeServer({
      'GET /api/admin/operations': figures(),
      [`POST /api/admin/messages/dead-letters/${DEAD}/retry`]: () =>
        ++tries === 1
          ? answer(409, { error: { code: 'concurrent_change', message: 'Someone else changed this.' } })
          : { id: DEAD, result: 'retried' },
    });
    const toasts = await watchErrorToasts();
    renderPage(<OperationsPage />, staff());
    const retry = await screen.findByRole('button', { name: 'Retry the email message outbid' });
    fireEvent.click(retry);
    await waitFor(() => expect(toasts.errorIds()).toHaveLength(1));
    const [errorId] = toasts.errorIds();
    expect(errorId).toBeTruthy();
    expect(toasts.closed(errorId)).toBe(false);
    await waitFor(() => expect(retry.getAttribute('aria-busy')).not.toBe('true'));
    fireEvent.click(retry);
    await waitFor(() => expect(toasts.closed(errorId)).toBe(true));
    toasts.stop();
  });

  it('says when there are no dead letters and no jobs, and refreshes on the button', async () => {
    const server = fakeServer({
      'GET /api/admin/operations': {
        ...figures({ dead: 0, latestDead: [], pending: 0, oldestPendingAgeSeconds: 0 }),
        jobs: [],
      },
    });
    renderPage(<OperationsPage />, staff());
    expect(await screen.findByText(/No dead letters/)).toBeTruthy();
    expect(screen.getByText('No scheduled jobs run on this server.')).toBeTruthy();
    const before = server.calls('GET', '/api/admin/operations').length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh the figures' }));
    await waitFor(() => expect(server.calls('GET', '/api/admin/operations').length).toBe(before + 1));
  });

  it('shows the error with a way to try again', async () => {
    fakeServer({
      'GET /api/admin/operations': answer(403, { error: { code: 'forbidden', message: 'Staff only' } }),
    });
    renderPage(<OperationsPage />, staff());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The figures could not be loaded');
    expect(within(alert).getByRole('button', { name: /Try again/ })).toBeTruthy();
  });

  it('writes durations plainly', () => {
    expect(formatSeconds(0)).toBe('0 s');
    expect(formatSeconds(59.4)).toBe('59 s');
    expect(formatSeconds(3725)).toBe('1 h 2 min');
    expect(formatSeconds(60)).toBe('1 min');
    expect(formatSeconds(3600)).toBe('1 h');
  });
});
