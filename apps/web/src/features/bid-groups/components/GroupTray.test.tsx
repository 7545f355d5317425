// @vitest-environment jsdom
import type { AuctionCard } from '@rebound/contract/catalog';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderPage } from '../../../../test/render';
import { clearPicks } from '../picks';
import { GroupTray } from './GroupTray';
import { PickForGroup } from './PickForGroup';

const card = (n: number, over: Partial<AuctionCard> = {}): AuctionCard => ({
  auctionId: `00000000-0000-4000-8000-0000000000b${n}`,
  productId: `00000000-0000-4000-8000-0000000000c${n}`,
  slug: `kettle-${n}`,
  title: `Electric Kettle ${n}`,
  brand: 'Breville',
  condition: 'like_new',
  saleTerms: n === 2 ? 'final_sale' : 'standard',
  categoryName: 'Kitchen',
  categorySlug: 'kitchen',
  image: null,
  retailPriceCents: 9_900,
  currentPriceCents: 1_500,
  startingBidCents: 1_000,
  bidCount: 1,
  status: 'live',
  startTime: '2026-11-20T18:00:00.000Z',
  endTime: `2099-11-1${n}T18:00:00.000Z`,
  locationName: 'Burnaby Warehouse',
  ...over,
});

function Shop({ cards }: { cards: AuctionCard[] }) {
  return (
    <>
      {cards.map((c) => (
        <PickForGroup key={c.auctionId} card={c} />
      ))}
      <GroupTray />
    </>
  );
}

afterEach(clearPicks);

describe('Add to a group and the tray', () => {
  it('gathers picked lots, asks for a second one, and opens the builder with them', async () => {
    fakeServer({});
    const { user } = renderPage(<Shop cards={[card(1), card(2), card(3)]} />);
    expect(screen.queryByTestId('group-tray')).toBeNull();

    const pick = (n: number) => screen.getByRole('button', { name: `Add to a group: Electric Kettle ${n}` });
    await user.click(pick(1));
    expect(pick(1).getAttribute('aria-pressed')).toBe('true');
    const tray = screen.getByTestId('group-tray');
    expect(tray.textContent).toContain('1 lot chosen — choose at least one more to make a group');
    expect((within(tray).getByRole('button', { name: 'Make a group' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await user.click(pick(2));
    expect(tray.textContent).toContain('2 lots chosen');
    await user.click(within(tray).getByRole('button', { name: 'Make a group' }));

    const dialog = await screen.findByRole('dialog', { name: 'Make a group' });
    const lots = within(dialog).getAllByTestId('group-builder-lot');
    expect(lots.map((l) => l.textContent?.includes('Electric Kettle 1'))).toEqual([true, false]);
    expect(lots[1]?.textContent).toContain('Electric Kettle 2');
    // The terms the cards carried, said before the submit.
    expect(within(dialog).getByTestId('group-builder-terms').textContent).toContain(
      'Electric Kettle 2: Final sale: no returns.',
    );
  });

  it('takes a lot out again and clears the tray', async () => {
    fakeServer({});
    const { user } = renderPage(<Shop cards={[card(1), card(2)]} />);
    await user.click(screen.getByRole('button', { name: 'Add to a group: Electric Kettle 1' }));
    await user.click(screen.getByRole('button', { name: 'Add to a group: Electric Kettle 2' }));
    await user.click(screen.getByRole('button', { name: 'Add to a group: Electric Kettle 2' }));
    expect(screen.getByTestId('group-tray').textContent).toContain('1 lot chosen');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByTestId('group-tray')).toBeNull();
  });

  it('offers no pick on a lot that is over', () => {
    fakeServer({});
    renderPage(<Shop cards={[card(1, { status: 'ended', endTime: '2026-11-21T18:00:00.000Z' })]} />);
    expect(screen.queryByTestId('pick-for-group')).toBeNull();
  });
});
