// @vitest-environment jsdom
import type { CreateDropInput } from '@rebound/contract/admin-auctions';
import type { AdminProductRow } from '@rebound/contract/admin-catalogue';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, renderPage, shopper } from '../../../../test/render';
import { DropFormPage } from './DropForm';

const LOCATIONS = { locations: [{ id: '00000000-0000-4000-8000-0000000000d1', name: 'Burnaby Warehouse' }] };

function product(n: number, title: string): AdminProductRow {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    slug: title.toLowerCase().replace(/\s+/g, '-'),
    title,
    brand: '',
    sku: `SKU-${n}`,
    status: 'draft',
    condition: 'like_new',
    categoryName: null,
    isFeatured: false,
    retailPriceCents: 10_000,
    resalePriceCents: 5_000,
    thumbnailUrl: null,
    imageCount: 0,
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
}

const TABLE = product(1, 'Oak Side Table');
const LAMP = product(2, 'Brass Desk Lamp');
const KETTLE = product(3, 'Steel Kettle');

function renderDropForm(post: Parameters<typeof fakeServer>[0][string] = { id: 'x', title: 'x', lots: [] }) {
  const server = fakeServer({
    'GET /api/locations': LOCATIONS,
    'GET /api/admin/catalogue/products': { items: [TABLE, LAMP, KETTLE], total: 3, page: 1, pageSize: 100 },
    'POST /api/admin/drops': post,
  });
  const view = renderPage(<DropFormPage />, {
    user: shopper({ role: 'staff' }),
    path: '/admin/auctions/drops/new',
    routePath: '/admin/auctions/drops/new',
  });
  return { ...view, server };
}

async function fillDrop(user: ReturnType<typeof renderPage>['user']) {
  for (const p of [TABLE, LAMP, KETTLE]) {
    await user.click(await screen.findByRole('checkbox', { name: new RegExp(p.title) }));
  }
  await user.type(screen.getByRole('textbox', { name: /^name/i }), 'Friday kitchen drop');
  const reserve = screen.getByRole('textbox', { name: /^reserve(?! for)/i });
  await user.type(reserve, '20.00');
}

const lotField = (what: 'Starting bid' | 'Reserve', n: number, title: string) =>
  screen.getByRole('textbox', { name: `${what} for lot ${n}, ${title}` }) as HTMLInputElement;

describe('the drop form’s own amounts per lot', () => {
  it('each lot has labelled starting bid and reserve fields showing the drop’s as placeholders; typed ones are sent', async () => {
    const { user, server } = renderDropForm();
    await fillDrop(user);
    const lots = screen.getAllByTestId('drop-lot');
    expect(lots).toHaveLength(3);
    expect(lotField('Starting bid', 2, 'Brass Desk Lamp').placeholder).toBe('1.00');
    expect(lotField('Reserve', 2, 'Brass Desk Lamp').placeholder).toBe('20.00');

    await user.type(lotField('Starting bid', 1, 'Oak Side Table'), '40');
    await user.type(lotField('Reserve', 1, 'Oak Side Table'), '90.50');
    await user.type(lotField('Starting bid', 3, 'Steel Kettle'), '2.50');
    await user.click(screen.getByRole('button', { name: 'Schedule drop' }));

    await vi.waitFor(() => expect(server.calls('POST', '/api/admin/drops')).toHaveLength(1));
    const body = server.calls('POST', '/api/admin/drops')[0]!.body as CreateDropInput;
    expect(body.startingBidCents).toBe(100);
    expect(body.reservePriceCents).toBe(2_000);
    expect(body.lots).toEqual([
      { productId: TABLE.id, startingBidCents: 4_000, reservePriceCents: 9_050 },
      { productId: KETTLE.id, startingBidCents: 250 },
    ]);
  });

  it('a lot whose starting bid is above the reserve it takes is refused before sending, naming the lot', async () => {
    const { user, server } = renderDropForm();
    await fillDrop(user);
    await user.type(lotField('Starting bid', 2, 'Brass Desk Lamp'), '30');
    await user.type(lotField('Reserve', 3, 'Steel Kettle'), '12.3456');
    await user.click(screen.getByRole('button', { name: 'Schedule drop' }));

    expect(
      await screen.findByText('Lot 2 (Brass Desk Lamp): The reserve must be at least the starting bid.'),
    ).toBeTruthy();
    const lamp = lotField('Starting bid', 2, 'Brass Desk Lamp');
    expect(lamp.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(lamp.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The reserve must be at least the starting bid.',
    );
    expect(lotField('Reserve', 3, 'Steel Kettle').getAttribute('aria-invalid')).toBe('true');
    expect(server.calls('POST', '/api/admin/drops')).toHaveLength(0);
  });

  it('the server’s refusal naming a lot is shown as it arrives', async () => {
    const { user } = renderDropForm(
      answer(422, {
        error: {
          code: 'drop_lot_invalid',
          message: 'Lot 1 (Oak Side Table): The reserve must be at least the starting bid.',
        },
      }),
    );
    await fillDrop(user);
    await user.click(screen.getByRole('button', { name: 'Schedule drop' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Lot 1 \(Oak Side Table\)/)).toBeTruthy();
  });
});
