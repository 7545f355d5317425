// @vitest-environment jsdom
import type { AppointmentView } from '@rebound/contract/pickup';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, renderPage } from '../../../../test/render';
import { AppointmentsPanel } from './AppointmentsPanel';

const VISIT = '00000000-0000-4000-8000-0000000000a1';
const ORDERS = ['00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000b2'];

function row(orderId: string, timeLabel: string): AppointmentView {
  return {
    id: VISIT,
    orderId,
    orderNumber: orderId.slice(0, 8),
    productTitle: `Item ${orderId.slice(-2)}`,
    amountCents: 2_000,
    orderStatus: 'pickup_scheduled',
    status: 'scheduled',
    locationName: 'Burnaby Warehouse',
    date: '2026-11-30',
    timeLabel,
    startsAt: '2026-11-30T18:00:00.000Z',
    endsAt: '2026-11-30T18:30:00.000Z',
    notes: null,
    relativeDay: 'In 3 days',
    detailsPending: false,
    shortCode: 'ABC234',
    qrPayload: 'REBOUND-PICKUP:ABC234',
    canChange: true,
    completedAt: null,
    storageFeeCents: 0,
    storageFeeFrom: '2026-12-04',
    visitOrderIds: ORDERS,
    places: 1,
  };
}

describe('the Appointments tab', () => {
  it('a visit of two orders moved to another time shows the visit once, with both orders, at the new time', async () => {
    let time = '10:00 – 10:30 a.m. PT';
    fakeServer({
      'GET /api/me/appointments': () => ({
        serverTime: '2026-11-27T18:00:00.000Z',
        appointments: ORDERS.map((id) => row(id, time)),
      }),
    });
    const { client } = renderPage(<AppointmentsPanel />);
    expect((await screen.findAllByTestId('appointment-time')).map((p) => p.textContent)).toEqual([time]);
    time = '10:30 – 11:00 a.m. PT';
    await act(async () => {
      await client.invalidateQueries();
    });
    const cards = screen.getAllByTestId('appointment');
    expect(cards).toHaveLength(1);
    expect(cards[0]!.getAttribute('data-order-ids')).toBe(ORDERS.join(' '));
    expect(within(cards[0]!).getByTestId('appointment-items').textContent).toContain('Item b1');
    expect(within(cards[0]!).getByTestId('appointment-items').textContent).toContain('Item b2');
    expect(screen.getAllByTestId('appointment-time').map((p) => p.textContent)).toEqual([time]);
    expect(screen.getByRole('heading', { name: 'My Appointments (1)' })).toBeTruthy();
  });

  it("'Cancel visit' names every item it releases and cancels the visit once", async () => {
    const server = fakeServer({
      'GET /api/me/appointments': () => ({
        serverTime: '2026-11-27T18:00:00.000Z',
        appointments: ORDERS.map((id) => row(id, '10:00 – 10:30 a.m. PT')),
      }),
      [`DELETE /api/pickup/appointments/${ORDERS[0]}`]: {
        orderId: ORDERS[0],
        cancelled: true,
        orderIds: ORDERS,
      },
    });
    const user = userEvent.setup();
    renderPage(<AppointmentsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Cancel the pickup of Item b1 and Item b2' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Cancel this visit for 2 items?');
    const items = within(dialog).getByTestId('cancel-items').textContent;
    expect(items).toContain('Item b1');
    expect(items).toContain('Item b2');
    expect(dialog.textContent).toContain('We will email you a confirmation.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Pickup' }));
    await vi.waitFor(() =>
      expect(server.calls('DELETE', `/api/pickup/appointments/${ORDERS[0]}`)).toHaveLength(1),
    );
  });
  it('a cancel that failed, then works: the earlier error toast closes', async () => {
    let tries = 0;
    fakeServer({
      'GET /api/me/appointments': () => ({
        serverTime: '2026-11-27T18:00:00.000Z',
        appointments: ORDERS.map((id) => row(id, '10:00 – 10:30 a.m. PT')),
      }),
      [`DELETE /api/pickup/appointments/${ORDERS[0]}`]: () => {
        tries += 1;
        if (tries === 1)
          return answer(503, { error: { code: 'service_unavailable', message: 'Please try again.' } });
        return { orderId: ORDERS[0], cancelled: true, orderIds: ORDERS };
      },
    });
    // sonner's own calls, watched (a toast expires by itself): the error under the cancel's id, closed on success.
    const { toast: sonnerToast } = await import('sonner');
    const shown = vi.spyOn(sonnerToast, 'error');
    const closed = vi.spyOn(sonnerToast, 'dismiss');
    const user = userEvent.setup();
    renderPage(<AppointmentsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Cancel the pickup of Item b1 and Item b2' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Pickup' }));
    await vi.waitFor(() => expect(shown).toHaveBeenCalled());
    const errorId = shown.mock.calls[0]?.[1]?.id;
    expect(errorId).toBeTruthy();
    expect(closed).not.toHaveBeenCalledWith(errorId);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Pickup' }));
    await vi.waitFor(() => expect(closed).toHaveBeenCalledWith(errorId));
    shown.mockRestore();
    closed.mockRestore();
  });
});

describe('a missed visit', () => {
  it('reads Missed with what to do next, never Scheduled with a day in the past, and offers no code or change', async () => {
    fakeServer({
      'GET /api/me/appointments': () => ({
        serverTime: '2026-12-04T18:00:00.000Z',
        appointments: ORDERS.map((id) => ({
          ...row(id, '10:00 – 10:30 a.m. PT'),
          status: 'missed' as const,
          orderStatus: 'ready_for_pickup' as const,
          relativeDay: null,
          canChange: false,
        })),
      }),
    });
    renderPage(<AppointmentsPanel />);
    expect((await screen.findAllByText('Missed')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Scheduled')).toBeNull();
    expect(screen.queryByTestId('appointment-relative-day')).toBeNull();
    expect(screen.getAllByTestId('appointment-missed')[0]!.textContent).toMatch(/You missed this pickup/);
    expect(screen.queryByTestId('appointment-code')).toBeNull();
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
  });
});
