// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, renderPage } from '../../../test/render';
import {
  GrabClient,
  LOCATION,
  orderWith,
  queryClientOf,
  RETURN,
  requested,
  slot,
} from '../../../test/return-fixtures';
import { OrdersPanel } from '../../features/orders/components/OrdersPanel';
import { OrderReturn } from '../../features/returns/components/OrderReturn';
import { meKeys } from '../../lib/query-keys';

describe('booking a drop-off', () => {
  it('keeps the picker open and its choice when the Orders tab refetches (after the request, a socket resync)', async () => {
    let asked = false;
    // The socket resyncs while the server is restarting: the refetches fail for a moment.
    let failing = false;
    const down = () => answer(503, { error: { code: 'unavailable', message: 'Try again.' } });
    fakeServer({
      'GET /api/me/orders': () =>
        failing
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
      [`GET /api/me/returns/${RETURN}/drop-off-slots`]: () =>
        failing
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
            },
    });
    const { user } = renderPage(
      <>
        <GrabClient />
        <OrdersPanel renderReturn={(order) => <OrderReturn order={order} />} />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Request a return' }));
    await user.selectOptions(screen.getByRole('combobox', { name: /reason/i }), 'missing_parts');
    await user.click(screen.getByRole('button', { name: 'Send return request' }));
    await user.click(await screen.findByRole('button', { name: 'Book drop-off' }));

    const form = await screen.findByRole('form', { name: 'Choose a drop-off time' });
    await user.click(within(form).getByRole('radio', { name: /Saturday, November 28/ }));
    await user.click(within(form).getByRole('radio', { name: /10:30 – 11:00 a.m. PT/ }));
    expect(within(form).getByRole('radio', { name: /10:30 – 11:00 a.m. PT/ })).toHaveProperty(
      'checked',
      true,
    );

    // The socket resyncs: the Orders tab and the drop-off times are fetched again, once failing,
    // then answering again.
    failing = true;
    await act(async () => {
      await queryClientOf().invalidateQueries();
    });
    expect(queryClientOf().getQueryState(meKeys.orders())?.status).toBe('error');
    expect(screen.getByRole('form', { name: 'Choose a drop-off time' })).toBe(form);
    failing = false;
    await act(async () => {
      await queryClientOf().invalidateQueries();
    });
    await vi.waitFor(() => expect(screen.getByRole('form', { name: 'Choose a drop-off time' })).toBe(form));
    expect(within(form).getByRole('radio', { name: /Saturday, November 28/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(form).getByRole('radio', { name: /10:30 – 11:00 a.m. PT/ })).toHaveProperty(
      'checked',
      true,
    );
  });
});
