// @vitest-environment jsdom
import type { OrderView } from '@rebound/contract/orders';
import type { AvailableSlotsResponse, PickupSlot } from '@rebound/contract/pickup';
import { act, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, renderPage } from '../../../../test/render';
import { PickupSchedulePage } from './PickupSchedulePage';

const ORDER_ID = '00000000-0000-4000-8000-0000000000e1';
const APPOINTMENT_ID = '00000000-0000-4000-8000-0000000000a1';
const PICKUP = {
  appointmentId: APPOINTMENT_ID,
  date: '2026-12-01',
  timeLabel: '10:00 – 10:30 a.m. PT',
  startsAt: '2026-12-01T18:00:00.000Z',
  notes: null,
};

const order: OrderView = {
  id: ORDER_ID,
  number: '00000000',
  auctionId: '00000000-0000-4000-8000-0000000000e2',
  product: { title: 'Oak Bookshelf', slug: 'oak-bookshelf', description: '', image: null },
  finalAmountCents: 5_000,
  totalPaidCents: 5_900,
  status: 'paid',
  statusLabel: 'Payment Received',
  createdAt: '2026-11-25T20:00:00.000Z',
  auctionEndedAt: '2026-11-25T20:00:00.000Z',
  paymentDueAt: null,
  paidAt: '2026-11-26T20:00:00.000Z',
  cancelledAt: null,
  needsPayment: false,
  canSchedulePickup: true,
  isPickupScheduled: false,
  isCompleted: false,
  pickup: null,
  locationName: 'Burnaby Warehouse',
  storageFeeCents: 0,
  storageFeeFrom: '2026-12-04',
  refundNote: null,
};

function slot(id: string, timeLabel: string, availableSpots: number): PickupSlot {
  return {
    slotId: id,
    timeLabel,
    availableSpots,
    isFull: availableSpots === 0,
    startsAt: '2026-11-30T18:00:00.000Z',
    endsAt: '2026-11-30T18:30:00.000Z',
  };
}

function slotsAnswer(over: Partial<AvailableSlotsResponse> = {}): AvailableSlotsResponse {
  return {
    serverTime: '2026-11-27T18:00:00.000Z',
    orderId: ORDER_ID,
    orderIds: [ORDER_ID],
    places: 1,
    locationId: '00000000-0000-4000-8000-0000000000d1',
    window: { firstDate: '2026-11-25', lastDate: '2026-12-03' },
    slots: {
      '2026-11-30': [
        slot('s-mon-10', '10:00 – 10:30 a.m. PT', 3),
        slot('s-mon-11', '11:00 – 11:30 a.m. PT', 0),
      ],
      '2026-12-01': [slot('s-tue-10', '10:00 – 10:30 a.m. PT', 1)],
    },
    currentSlotId: null,
    ...over,
  };
}

const summary = () => screen.getByTestId('pickup-summary').textContent;
const confirm = () => screen.getByRole('button', { name: 'Confirm Pickup Appointment' });

/** The app's orders as state: the pickup page of the first, redrawn when they change. */
let setOrders: (o: OrderView[]) => void = () => {};
function OrdersHolder({ initial }: { initial: OrderView[] }) {
  const [orders, set] = useState<OrderView[]>(initial);
  setOrders = set;
  return <PickupSchedulePage order={orders[0]!} orders={orders} />;
}

describe('choosing a pickup slot', () => {
  it('offers the dates with times, says how many are open, and a full time cannot be chosen', async () => {
    fakeServer({ 'GET /api/pickup/slots': slotsAnswer() });
    const { user } = renderPage(<PickupSchedulePage order={order} />);
    const monday = await screen.findByRole('radio', { name: 'Monday, November 30, 2026' });
    expect(monday.closest('label')?.textContent).toContain('1 time');
    expect(
      screen.getByRole('radio', { name: 'Tuesday, December 1, 2026' }).closest('label')?.textContent,
    ).toContain('1 time');
    expect(screen.getByText('Pick a date to see its times.')).toBeTruthy();

    await user.click(monday);
    const times = within(screen.getByRole('group', { name: /choose a time/i })).getAllByRole('radio');
    expect(times.map((t) => t.closest('label')?.textContent)).toEqual([
      '10:00 – 10:30 a.m. PT3 spots left',
      '11:00 – 11:30 a.m. PTFull',
    ]);
    expect((times[1] as HTMLInputElement).disabled).toBe(true);
  });

  it('asks for a date and a time before booking, and picking another date clears the time', async () => {
    const server = fakeServer({ 'GET /api/pickup/slots': slotsAnswer() });
    const { user } = renderPage(<PickupSchedulePage order={order} />);
    await user.click(await screen.findByRole('radio', { name: 'Monday, November 30, 2026' }));
    await user.click(confirm());
    expect(screen.getByRole('alert').textContent).toBe('Please choose a date and a time.');

    await user.click(screen.getByRole('radio', { name: /10:00/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(summary()).toBe(
      'Pickup on Monday, November 30, 2026 at 10:00 – 10:30 a.m. PT · Burnaby Warehouse',
    );

    await user.click(screen.getByRole('radio', { name: 'Tuesday, December 1, 2026' }));
    expect(summary()).toBe('Choose a date and a time to book your pickup.');
    // Back on Monday, its time is no longer chosen.
    await user.click(screen.getByRole('radio', { name: 'Monday, November 30, 2026' }));
    expect((screen.getByRole('radio', { name: /10:00/ }) as HTMLInputElement).checked).toBe(false);
    await user.click(confirm());
    expect(server.calls('POST', '/api/pickup/appointments')).toHaveLength(0);
  });

  it('books the chosen slot with the trimmed notes, then goes back to the Orders tab', async () => {
    const server = fakeServer({
      'GET /api/pickup/slots': slotsAnswer(),
      'POST /api/pickup/appointments': {
        message: 'Pickup scheduled successfully!',
        moved: false,
        appointment: {},
      },
    });
    const { user, router } = renderPage(<PickupSchedulePage order={order} />, {
      path: `/pickup-schedule/${ORDER_ID}`,
    });
    await user.click(await screen.findByRole('radio', { name: 'Tuesday, December 1, 2026' }));
    await user.click(screen.getByRole('radio', { name: /10:00/ }));
    await user.type(screen.getByRole('textbox'), '  A van, two people  ');
    await user.click(confirm());
    expect(await screen.findByText('Pickup scheduled successfully!')).toBeTruthy();
    expect(server.calls('POST', '/api/pickup/appointments')[0]?.body).toEqual({
      orderId: ORDER_ID,
      slotId: 's-tue-10',
      notes: 'A van, two people',
    });
    expect(router.state.location.pathname + router.state.location.search).toBe('/account?tab=orders');
  });

  it('a slot taken meanwhile: the server’s message, nothing chosen, and the counts asked again', async () => {
    let full = false;
    const server = fakeServer({
      'GET /api/pickup/slots': () =>
        full
          ? slotsAnswer({ slots: { '2026-11-30': [slot('s-mon-10', '10:00 – 10:30 a.m. PT', 0)] } })
          : slotsAnswer(),
      'POST /api/pickup/appointments': () => {
        full = true;
        return answer(409, {
          error: { code: 'slot_full', message: 'That time just filled up. Please choose another.' },
        });
      },
    });
    const { user } = renderPage(<PickupSchedulePage order={order} />);
    await user.click(await screen.findByRole('radio', { name: 'Monday, November 30, 2026' }));
    await user.click(screen.getByRole('radio', { name: /10:00/ }));
    await user.click(confirm());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That time just filled up. Please choose another.',
    );
    expect(summary()).toBe('Choose a date and a time to book your pickup.');
    await screen.findByText('Full');
    expect(server.calls('GET', '/api/pickup/slots').length).toBeGreaterThanOrEqual(2);
  });

  it('a time taken meanwhile, then another that works: the earlier error toast closes', async () => {
    let tries = 0;
    fakeServer({
      'GET /api/pickup/slots': slotsAnswer(),
      'POST /api/pickup/appointments': () => {
        tries += 1;
        if (tries === 1)
          return answer(409, {
            error: { code: 'slot_full', message: 'That time just filled up. Please choose another.' },
          });
        return { message: 'Pickup scheduled successfully!', moved: false, appointment: {} };
      },
    });
    // sonner's own calls, watched: a toast expires by itself, so what is on screen later proves
    // nothing; the error must be shown under the booking's id and that id closed on success.
    const { toast: sonnerToast } = await import('sonner');
    const shown = vi.spyOn(sonnerToast, 'error');
    const closed = vi.spyOn(sonnerToast, 'dismiss');
    const { user } = renderPage(<PickupSchedulePage order={order} />, {
      path: `/pickup-schedule/${ORDER_ID}`,
    });
    await user.click(await screen.findByRole('radio', { name: 'Monday, November 30, 2026' }));
    await user.click(screen.getByRole('radio', { name: /10:00/ }));
    await user.click(confirm());
    await vi.waitFor(() => expect(shown).toHaveBeenCalled());
    const errorId = shown.mock.calls[0]?.[1]?.id;
    expect(errorId).toBeTruthy();
    expect(closed).not.toHaveBeenCalledWith(errorId);
    await user.click(screen.getByRole('radio', { name: 'Tuesday, December 1, 2026' }));
    await user.click(screen.getByRole('radio', { name: /10:00/ }));
    await user.click(confirm());
    await vi.waitFor(() => expect(closed).toHaveBeenCalledWith(errorId));
    shown.mockRestore();
    closed.mockRestore();
  });

  it('moving a booking marks the current time, which cannot be chosen again', async () => {
    fakeServer({ 'GET /api/pickup/slots': slotsAnswer({ currentSlotId: 's-mon-10' }) });
    renderPage(
      <PickupSchedulePage
        order={{
          ...order,
          status: 'pickup_scheduled',
          statusLabel: 'Pickup Scheduled',
          isPickupScheduled: true,
        }}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Reschedule Pickup' })).toBeTruthy();
    // The current slot's day is chosen already.
    const current = (await screen.findByRole('radio', { name: /10:00/ })) as HTMLInputElement;
    expect(current.closest('label')?.textContent).toContain('Your current time');
    expect(current.disabled).toBe(true);
  });

  it('no open slot: says so with the order’s pickup window', async () => {
    fakeServer({ 'GET /api/pickup/slots': slotsAnswer({ slots: {} }) });
    renderPage(<PickupSchedulePage order={order} />);
    const empty = await screen.findByTestId('pickup-no-slots');
    expect(empty.textContent).toContain('No pickup slots available within the allowed timeframe');
    expect(empty.textContent).toContain('Wednesday, November 25, 2026');
    expect(empty.textContent).toContain('Thursday, December 3, 2026');
  });

  it('after the window (a missed visit, a late payment): tells the shopper to walk in, naming the window', async () => {
    fakeServer({
      'GET /api/pickup/slots': slotsAnswer({ slots: {}, serverTime: '2026-12-05T18:00:00.000Z' }),
    });
    renderPage(<PickupSchedulePage order={order} />);
    const walkIn = await screen.findByTestId('pickup-walk-in');
    expect(walkIn.textContent).toContain('The pickup window has ended');
    expect(walkIn.textContent).toContain('Walk in during opening hours with your order number');
    expect(walkIn.textContent).toContain('Thursday, December 3, 2026');
    expect(screen.queryByTestId('pickup-no-slots')).toBeNull();
  });

  it('a visit: other paid orders at the location are checked by default, and one slot books them all', async () => {
    const second: OrderView = {
      ...order,
      id: '00000000-0000-4000-8000-0000000000f1',
      number: '00000000f1',
      product: { ...order.product, title: 'Brass Lamp' },
    };
    const elsewhere: OrderView = {
      ...order,
      id: '00000000-0000-4000-8000-0000000000f2',
      product: { ...order.product, title: 'Far Away Chair' },
      locationName: 'Richmond Depot',
    };
    const server = fakeServer({
      'GET /api/pickup/slots': slotsAnswer(),
      'POST /api/pickup/appointments': {
        message: 'Pickup scheduled successfully!',
        moved: false,
        appointment: {},
      },
    });
    const { user } = renderPage(<PickupSchedulePage order={order} orders={[order, second, elsewhere]} />);
    const list = await screen.findByTestId('pickup-visit-orders');
    const boxes = within(list).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([true, true]);
    expect(list.textContent).toContain('Brass Lamp');
    expect(list.textContent).not.toContain('Far Away Chair');
    await screen.findByRole('radio', { name: 'Tuesday, December 1, 2026' });
    expect(server.calls('GET', '/api/pickup/slots').at(-1)?.path).toContain(
      `orderIds=${encodeURIComponent([ORDER_ID, second.id].sort().join(','))}`,
    );

    await user.click(screen.getByRole('radio', { name: 'Tuesday, December 1, 2026' }));
    await user.click(screen.getByRole('radio', { name: /10:00/ }));
    expect(summary()).toContain('2 orders in one visit');
    await user.click(confirm());
    await screen.findAllByText('Pickup scheduled successfully!');
    expect(server.calls('POST', '/api/pickup/appointments')[0]?.body).toEqual({
      orderIds: [ORDER_ID, second.id],
      slotId: 's-tue-10',
    });
  });

  it('a visit: the orders redrawn as booked before the answer lands still end on the Orders tab', async () => {
    const second: OrderView = {
      ...order,
      id: '00000000-0000-4000-8000-0000000000f1',
      product: { ...order.product, title: 'Brass Lamp' },
    };
    const booked = (o: OrderView): OrderView => ({
      ...o,
      status: 'pickup_scheduled',
      statusLabel: 'Pickup Scheduled',
      canSchedulePickup: false,
      isPickupScheduled: true,
      pickup: { ...PICKUP, appointmentId: APPOINTMENT_ID },
    });
    fakeServer({
      'GET /api/pickup/slots': slotsAnswer(),
      // The booking's refetch of the orders (here: the app's state) lands before its answer.
      'POST /api/pickup/appointments': () => {
        act(() => setOrders([booked(order), booked(second)]));
        return { message: 'Pickup scheduled successfully!', moved: false, appointment: {} };
      },
    });
    const { user, router } = renderPage(<OrdersHolder initial={[order, second]} />);
    await user.click(await screen.findByRole('radio', { name: 'Tuesday, December 1, 2026' }));
    await user.click(screen.getByRole('radio', { name: /10:00/ }));
    await user.click(confirm());
    await screen.findAllByText('Pickup scheduled successfully!');
    expect(router.state.location.pathname + router.state.location.search).toBe('/account?tab=orders');
  });

  it('a visit: unchecking every order asks to choose one', async () => {
    const second: OrderView = { ...order, id: '00000000-0000-4000-8000-0000000000f1' };
    fakeServer({ 'GET /api/pickup/slots': slotsAnswer() });
    const { user } = renderPage(<PickupSchedulePage order={order} orders={[order, second]} />);
    for (const box of within(await screen.findByTestId('pickup-visit-orders')).getAllByRole('checkbox')) {
      await user.click(box);
    }
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one order to pick up.');
  });
});
