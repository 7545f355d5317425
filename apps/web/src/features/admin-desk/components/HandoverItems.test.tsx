// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HandoverItems, type HandoverRow } from './HandoverItems';

afterEach(cleanup);

const row = (n: number, over: Partial<HandoverRow> = {}): HandoverRow => ({
  orderId: `order-${n}`,
  orderNumber: `0000000${n}`,
  productTitle: `Lamp ${n}`,
  sku: `LAMP-${n}`,
  readyAt: null,
  deskNotes: null,
  orderStatus: 'pickup_scheduled',
  ...over,
});

describe('the desk’s hand-over item list', () => {
  it('one button per item still to hand over, a badge for the rest, actions only where it may be handed over', async () => {
    const onHandOver = vi.fn();
    render(
      <HandoverItems
        items={[
          row(1, { readyAt: '2026-11-29T17:00:00Z', deskNotes: 'B3' }),
          row(2),
          row(3, { orderStatus: 'refunded' }),
        ]}
        testId="items"
        handed={(i) => i.orderId === 'order-2'}
        canHandOver={(i) => i.orderStatus !== 'refunded'}
        disabled={false}
        pendingOrderId={undefined}
        onHandOver={onHandOver}
        completeWhenOne
        actions={(i) => <button type="button">Mark {i.productTitle}</button>}
      />,
    );
    const items = within(screen.getByTestId('items')).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('LAMP-1 · #00000001 · staged');
    expect(items[0]?.textContent).toContain('Shelf: B3');
    expect(within(items[1]!).getByText('Handed over')).toBeTruthy();
    expect(within(items[2]!).getByText('refunded')).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Hand over: Lamp 1',
      'Mark Lamp 1',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Hand over: Lamp 1' }));
    expect(onHandOver).toHaveBeenCalledWith('order-1');
  });

  it('a single item: “Complete hand-over”, waiting for the ID check; a walk-in’s row names its location', () => {
    render(
      <HandoverItems
        items={[row(1, { locationName: 'Burnaby' })]}
        testId="items"
        handed={() => false}
        canHandOver={() => true}
        disabled
        pendingOrderId={undefined}
        onHandOver={() => {}}
        completeWhenOne
      />,
    );
    const button = screen.getByRole('button', { name: 'Complete hand-over' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId('items').textContent).toContain(
      'LAMP-1 · #00000001 · Burnaby · fetch from the shelves',
    );
  });
});
