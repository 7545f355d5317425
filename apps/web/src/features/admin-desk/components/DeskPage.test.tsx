// @vitest-environment jsdom
import type { DeskAppointment, DeskWalkIn } from '@rebound/contract/pickup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderPage, shopper } from '../../../../test/render';
import DeskPage from './DeskPage';

const LOCATION = '00000000-0000-4000-8000-0000000000c1';
const VISIT = '00000000-0000-4000-8000-0000000000b1';

function item(orderId: string, title: string, over: Partial<DeskAppointment> = {}): DeskAppointment {
  return {
    appointmentId: VISIT,
    orderId,
    orderNumber: orderId.slice(0, 8),
    shortCode: 'ABC234',
    productTitle: title,
    sku: 'SKU-1',
    deskNotes: null,
    shopperName: 'Ava Shopper',
    shopperEmail: 'ava@example.test',
    orderStatus: 'pickup_scheduled',
    status: 'scheduled',
    notes: null,
    date: '2026-06-15',
    timeLabel: '10:00 – 10:30 a.m.',
    startsAt: '2026-06-15T17:00:00.000Z',
    endsAt: '2026-06-15T17:30:00.000Z',
    daysEarly: 0,
    readyAt: '2026-06-15T16:00:00.000Z',
    completedAt: null,
    storageFeeCents: 0,
    visitItemCount: 2,
    places: 1,
    deskMark: null,
    ...over,
  };
}

describe('the pickup desk day list', () => {
  it('keeps an item marked missing in its visit, saying it was refunded, with no hand-over buttons for it', async () => {
    fakeServer({
      'GET /api/locations': { locations: [{ id: LOCATION, name: 'Burnaby', address: '1 Main St' }] },
      'GET /api/admin/pickup/today': {
        serverTime: '2026-06-15T18:00:00.000Z',
        locationId: LOCATION,
        date: '2026-06-15',
        slots: [
          {
            slotId: 'x',
            timeLabel: '10:00 – 10:30 a.m.',
            startsAt: '2026-06-15T17:00:00.000Z',
            endsAt: '2026-06-15T17:30:00.000Z',
            capacity: 4,
            bookedCount: 1,
            toStageCount: 0,
            appointments: [
              item('00000000-0000-4000-8000-0000000000a1', 'Cordless drill', {
                orderStatus: 'refunded',
                deskMark: { kind: 'missing', label: 'Marked missing — refunded' },
              }),
              item('00000000-0000-4000-8000-0000000000a2', 'Desk lamp'),
            ],
          },
        ],
      },
    });
    renderPage(<DeskPage />, { user: shopper({ role: 'staff' }) });
    const visit = await screen.findByTestId('desk-visit');
    const rows = within(visit).getAllByRole('listitem');
    const drill = rows.find((r) => r.textContent?.includes('Cordless drill'))!;
    expect(within(drill).getByTestId('desk-item-marked').textContent).toContain('Marked missing — refunded');
    expect(within(drill).queryByRole('button')).toBeNull();
    const lamp = rows.find((r) => r.textContent?.includes('Desk lamp'))!;
    expect(within(lamp).getByRole('button', { name: 'Hand over: Desk lamp' })).toBeTruthy();
  });
});

describe('the pickup desk and a walk-in', () => {
  it('finds a paid order without an appointment by its order number and hands it over after the ID check', async () => {
    const ORDER = '3f2a9c1b-0000-4000-8000-0000000000d1';
    const walkIn: DeskWalkIn = {
      orderId: ORDER,
      orderNumber: '3f2a9c1b',
      productTitle: 'Walk-in lamp',
      sku: 'SKU-9',
      deskNotes: 'B-12',
      shopperName: 'Zed Walker',
      shopperEmail: 'zed@example.test',
      orderStatus: 'ready_for_pickup',
      readyAt: '2026-06-15T16:00:00.000Z',
      completedAt: null,
      storageFeeCents: 0,
      locationName: 'Burnaby',
      missedCode: 'ABC234',
    };
    const server = fakeServer({
      'GET /api/locations': { locations: [{ id: LOCATION, name: 'Burnaby', address: '1 Main St' }] },
      'GET /api/admin/pickup/today': {
        serverTime: '2026-06-15T18:00:00.000Z',
        locationId: LOCATION,
        date: '2026-06-15',
        slots: [],
      },
      'GET /api/admin/pickup/lookup': { appointments: [], walkIns: [walkIn] },
      [`GET /api/admin/storage-fees/orders/${ORDER}`]: {
        orderId: ORDER,
        owedCents: 0,
        paidCents: 0,
        dueCents: 0,
        days: 0,
      },
      [`POST /api/admin/pickup/orders/${ORDER}/complete`]: {
        orderId: ORDER,
        orderStatus: 'completed',
        readyAt: walkIn.readyAt,
        completedAt: '2026-06-15T18:01:00.000Z',
      },
    });
    const user = userEvent.setup();
    renderPage(<DeskPage />, { user: shopper({ role: 'staff' }) });
    await user.type(await screen.findByLabelText(/order number, name or email/), '3f2a9c1b{Enter}');
    const result = await screen.findByTestId('desk-walk-in-result');
    expect(server.calls('GET', '/api/admin/pickup/lookup').map((r) => r.path)).toEqual([
      '/api/admin/pickup/lookup?q=3f2a9c1b',
    ]);
    expect(result.textContent).toContain('Walk-in lamp (#3f2a9c1b)');
    await user.click(within(result).getByRole('button', { name: 'Hand over walk-in: Zed Walker' }));

    const handover = await screen.findByTestId('desk-walk-in');
    expect(handover.textContent).toContain('No appointment booked. Missed the visit ABC-234.');
    const give = within(handover).getByRole('button', { name: 'Hand over: Walk-in lamp' });
    expect((give as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(handover).getByRole('checkbox', { name: /ID checked/ }));
    await user.click(give);
    expect(await within(handover).findByText('Handed over. The order is completed.')).toBeTruthy();
    expect(server.calls('POST', `/api/admin/pickup/orders/${ORDER}/complete`)[0]!.body).toEqual({
      idChecked: true,
    });
  });
});
