// @vitest-environment jsdom
import type { MyOrdersResponse } from '@rebound/contract/orders';
import { useQuery } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, renderPage } from '../../../../test/render';
import {
  GrabClient,
  LOCATION,
  orderWith,
  queryClientOf,
  RETURN,
  requested,
  slot,
} from '../../../../test/return-fixtures';
import { getJson } from '../../../lib/api-client';
import { meKeys } from '../../../lib/query-keys';
import { OrderReturn } from './OrderReturn';

/** The Orders tab as the app draws it: the orders query, each order's return part under it. */
function OrdersTab() {
  const orders = useQuery({
    queryKey: meKeys.orders(),
    queryFn: ({ signal }) => getJson<MyOrdersResponse>('/api/me/orders', signal),
  });
  if (!orders.data) return <p>Loading</p>;
  return (
    <ul>
      {orders.data.orders.map((o) => (
        <li key={o.id}>
          <OrderReturn order={o} />
        </li>
      ))}
    </ul>
  );
}

/** What the fake server does now: answer, fail (a restart), or hold the times back until opened. */
interface ServerState {
  failing: boolean;
  gate: Promise<void> | null;
}

/** The Orders tab's calls for one completed order and its return (asked once the form is sent). */
function serveReturn(state: ServerState) {
  let asked = false;
  const down = () => answer(503, { error: { code: 'unavailable', message: 'Try again.' } });
  fakeServer({
    'GET /api/me/orders': () =>
      state.failing
        ? down()
        : {
            orders: [orderWith(asked ? requested : null)],
            strikes: [],
            activeStrikes: 0,
            biddingSuspended: false,
          },
    'POST /api/me/returns': () => {
      asked = true;
      return { return: requested };
    },
    [`GET /api/me/returns/${RETURN}/drop-off-slots`]: async () => {
      await state.gate;
      return state.failing
        ? down()
        : {
            serverTime: new Date().toISOString(),
            returnId: RETURN,
            locationId: LOCATION,
            slots: {
              '2026-11-28': [
                slot('20261128T1800Z', '10:00 – 10:30 a.m. PT'),
                slot('20261128T1830Z', '10:30 – 11:00 a.m. PT'),
              ],
              '2026-11-30': [slot('20261130T1800Z', '10:00 – 10:30 a.m. PT')],
            },
            currentSlotId: null,
            lastDayLabel: 'Mon, Nov 30',
          };
    },
  });
}

/** Asks for the return from the Orders tab, opens the drop-off picker and picks Sat 10:30. */
async function requestAndPick(): Promise<HTMLElement> {
  const { user } = renderPage(
    <>
      <GrabClient />
      <OrdersTab />
    </>,
  );
  await user.click(await screen.findByRole('button', { name: 'Request a return' }));
  await user.selectOptions(screen.getByRole('combobox', { name: /reason/i }), 'missing_parts');
  await user.click(screen.getByRole('button', { name: 'Send return request' }));
  await user.click(await screen.findByRole('button', { name: 'Book drop-off' }));
  const form = await screen.findByRole('form', { name: 'Choose a drop-off time' });
  await user.click(within(form).getByRole('radio', { name: /Saturday, November 28/ }));
  await user.click(within(form).getByRole('radio', { name: /10:30 – 11:00 a.m. PT/ }));
  return form;
}

/** Saturday and its 10:30 time are chosen in the form. */
function expectSaturdayChosen(form: HTMLElement) {
  expect(within(form).getByRole('radio', { name: /Saturday, November 28/ })).toHaveProperty('checked', true);
  expect(within(form).getByRole('radio', { name: /10:30 – 11:00 a.m. PT/ })).toHaveProperty('checked', true);
}

describe('booking a drop-off', () => {
  it('keeps the picker open and its choice when the Orders tab refetches (after the request, a socket resync)', async () => {
    // The socket resyncs while the server is restarting: the refetches fail for a moment.
    const state: ServerState = { failing: false, gate: null };
    serveReturn(state);
    const form = await requestAndPick();
    expectSaturdayChosen(form);

    // The socket resyncs: the Orders tab and the drop-off times are fetched again, once failing,
    // then answering again.
    state.failing = true;
    await act(async () => {
      await queryClientOf().invalidateQueries();
    });
    expect(queryClientOf().getQueryState(meKeys.orders())?.status).toBe('error');
    expect(queryClientOf().getQueryState(['me', 'return-drop-off-slots', RETURN])?.status).toBe('error');
    expect(screen.getByRole('form', { name: 'Choose a drop-off time' })).toBe(form);
    state.failing = false;
    await act(async () => {
      await queryClientOf().invalidateQueries();
    });
    await vi.waitFor(() => expect(screen.getByRole('form', { name: 'Choose a drop-off time' })).toBe(form));
    expectSaturdayChosen(form);
  });

  it('keeps the chosen date and time when the picker itself is drawn again (its times asked anew)', async () => {
    const state: ServerState = { failing: false, gate: null };
    serveReturn(state);
    await requestAndPick();

    // The times are dropped and asked again: the picker shows its loading state, then the form anew.
    let open: () => void = () => {};
    state.gate = new Promise((resolve) => {
      open = resolve;
    });
    await act(async () => {
      void queryClientOf().resetQueries({ queryKey: ['me', 'return-drop-off-slots', RETURN] });
    });
    await screen.findByText('Loading drop-off times...');
    expect(screen.queryByRole('form', { name: 'Choose a drop-off time' })).toBeNull();
    state.gate = null;
    open();
    expectSaturdayChosen(await screen.findByRole('form', { name: 'Choose a drop-off time' }));
  });
});
