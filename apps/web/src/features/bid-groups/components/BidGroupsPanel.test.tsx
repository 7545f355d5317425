// @vitest-environment jsdom
import type { BidGroup, BidGroupLot, MyBidGroupsResponse } from '@rebound/contract/bid-groups';
import type { AuctionCard } from '@rebound/contract/catalog';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeServer, renderPage } from '../../../../test/render';
import { BidGroupsPanel } from './BidGroupsPanel';

const GROUP_ID = '00000000-0000-4000-8000-0000000000f1';
const GROUP_PATH = `/api/bid-groups/${GROUP_ID}`;
const LIST = '/api/me/bid-groups';

const card = (n: number): AuctionCard => ({
  auctionId: `00000000-0000-4000-8000-0000000000a${n}`,
  productId: `00000000-0000-4000-8000-0000000000c${n}`,
  slug: `blender-${n}`,
  title: `Blender ${n}`,
  brand: 'Vitamix',
  condition: 'like_new',
  saleTerms: 'standard',
  categoryName: 'Kitchen',
  categorySlug: 'kitchen',
  image: null,
  retailPriceCents: 40_000,
  currentPriceCents: 12_000,
  startingBidCents: 5_000,
  bidCount: 3,
  status: 'live',
  startTime: '2026-11-20T18:00:00.000Z',
  endTime: '2099-11-27T18:00:00.000Z',
  locationName: 'Burnaby Warehouse',
});

const lot = (
  n: number,
  state: BidGroupLot['state'],
  standing: BidGroupLot['standing'] = 'none',
): BidGroupLot => ({
  auctionId: card(n).auctionId,
  position: n,
  maxBidCents: 15_000 + n * 100,
  state,
  standing,
  card: card(n),
});

const group = (over: Partial<BidGroup> = {}): BidGroup => ({
  id: GROUP_ID,
  winAtMost: 1,
  state: 'active',
  wins: 0,
  createdAt: '2026-11-27T18:00:00.000Z',
  lots: [lot(1, 'outbid', 'outbid'), lot(2, 'live', 'winning'), lot(3, 'waiting'), lot(4, 'skipped')],
  story: [
    {
      at: '2026-11-27T18:00:00.000Z',
      auctionId: null,
      kind: 'created',
      text: 'Group made: win one of 4 lots.',
    },
    {
      at: '2026-11-27T19:00:00.000Z',
      auctionId: card(2).auctionId,
      kind: 'placed',
      text: 'Moved to Blender 2: your maximum on Blender 1 was outbid.',
    },
  ],
  ...over,
});

const list = (...groups: BidGroup[]): MyBidGroupsResponse => ({
  serverTime: '2026-11-27T20:00:00.000Z',
  groups,
});

const lotRow = (title: string) => {
  const row = screen.getAllByTestId('bid-group-lot').find((r) => r.textContent?.includes(title));
  if (!row) throw new Error(`no row for ${title}`);
  return row;
};

describe('BidGroupsPanel', () => {
  it('shows each group with its number, its state, its lots in words with their maximums, and its story in order', async () => {
    fakeServer({
      [`GET ${LIST}`]: list(
        group(),
        group({
          id: '00000000-0000-4000-8000-0000000000f2',
          winAtMost: 2,
          state: 'done',
          wins: 2,
          lots: [lot(5, 'won', 'won'), lot(6, 'won', 'won'), lot(7, 'dropped'), lot(8, 'lost', 'lost')],
        }),
        group({ id: '00000000-0000-4000-8000-0000000000f3', state: 'ended', lots: [lot(9, 'lost', 'lost')] }),
        group({ id: '00000000-0000-4000-8000-0000000000f4', state: 'cancelled', lots: [] }),
      ),
    });
    renderPage(<BidGroupsPanel />);
    const groups = await screen.findAllByTestId('bid-group');
    expect(groups.map((g) => within(g).getByRole('heading').textContent)).toEqual([
      'Win one of these (4 lots)',
      'Win 2 of these (4 lots)',
      'Win one of these (1 lot)',
      'Win one of these (0 lots)',
    ]);
    expect(groups.map((g) => within(g).getByTestId('bid-group-state').textContent)).toEqual([
      'Active',
      'Done',
      'Ended',
      'Cancelled',
    ]);
    const words = screen.getAllByTestId('bid-group-lot-state').map((s) => s.textContent);
    expect(words).toEqual([
      'Live — outbid',
      'Live — winning',
      'Waiting',
      'Skipped',
      'Won',
      'Won',
      'Dropped',
      'Lost',
      'Lost',
    ]);
    expect(lotRow('Blender 3').textContent).toContain('$153.00');
    const story = within(groups[0] as HTMLElement).getByTestId('bid-group-story');
    expect(
      within(story)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Group made: win one of 4 lots.'),
      expect.stringContaining('Moved to Blender 2: your maximum on Blender 1 was outbid.'),
    ]);
    // Only the active group can change.
    expect(within(groups[1] as HTMLElement).queryByRole('button', { name: 'Cancel group' })).toBeNull();
    expect(within(groups[1] as HTMLElement).queryByRole('button', { name: /maximum/i })).toBeNull();
  });

  it('raises a placed maximum (PATCH set), and shows the server’s refusal beside it', async () => {
    let reply: object = answer(422, {
      error: { code: 'bid_group_amount', message: 'Blender 2: Highest bid must be at least $130.00' },
    });
    const server = fakeServer({ [`GET ${LIST}`]: list(group()), [`PATCH ${GROUP_PATH}`]: () => reply });
    const { user } = renderPage(<BidGroupsPanel />);
    await user.click(
      await within(await findRow('Blender 2')).findByRole('button', { name: 'Raise maximum: Blender 2' }),
    );
    const box = screen.getByRole('textbox', { name: 'New maximum for Blender 2' });
    await user.type(box, '125');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Blender 2: Highest bid must be at least $130.00')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');

    reply = { serverTime: '2026-11-27T20:00:00.000Z', group: group() };
    await user.clear(box);
    await user.type(box, '180');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'New maximum for Blender 2' })).toBeNull(),
    );
    expect(server.calls('PATCH', GROUP_PATH).map((c) => c.body)).toEqual([
      { set: [{ auctionId: card(2).auctionId, amount: '125' }] },
      { set: [{ auctionId: card(2).auctionId, amount: '180' }] },
    ]);
  });

  it('removes a waiting lot (PATCH remove); only waiting lots offer it', async () => {
    const server = fakeServer({
      [`GET ${LIST}`]: list(group()),
      [`PATCH ${GROUP_PATH}`]: { serverTime: '2026-11-27T20:00:00.000Z', group: group() },
    });
    const { user } = renderPage(<BidGroupsPanel />);
    await findRow('Blender 3');
    expect(screen.getAllByRole('button', { name: /^Remove/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove: Blender 3 from the group' }));
    await waitFor(() => expect(server.calls('PATCH', GROUP_PATH)).toHaveLength(1));
    expect(server.calls('PATCH', GROUP_PATH)[0]?.body).toEqual({ remove: [card(3).auctionId] });
  });

  it('cancels the group after a confirm that says placed maximums stay (DELETE)', async () => {
    const server = fakeServer({
      [`GET ${LIST}`]: list(group()),
      [`DELETE ${GROUP_PATH}`]: {
        serverTime: '2026-11-27T20:00:00.000Z',
        group: group({ state: 'cancelled' }),
      },
    });
    const { user } = renderPage(<BidGroupsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Cancel group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this group?' });
    expect(dialog.textContent).toContain('Maximums already placed stay, because bids are binding');
    expect(dialog.textContent).toContain('those 2 lots');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the group' }));
    expect(server.calls('DELETE', GROUP_PATH)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel group' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this group?' })).getByRole('button', {
        name: 'Cancel the group',
      }),
    );
    await waitFor(() => expect(server.calls('DELETE', GROUP_PATH)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when there are no groups, and shows a load failure with a retry', async () => {
    let reply: object = answer(503, {
      error: { code: 'unavailable', message: 'The service is unavailable.' },
    });
    fakeServer({ [`GET ${LIST}`]: () => reply });
    const { user } = renderPage(<BidGroupsPanel />);
    expect(screen.getByText('Loading your bid groups...')).toBeTruthy();
    expect(await screen.findByText('Error loading your bid groups')).toBeTruthy();
    reply = list();
    await user.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect((await screen.findByTestId('bid-groups-empty')).textContent).toContain('No bid groups yet.');
  });
});

async function findRow(title: string) {
  await screen.findAllByTestId('bid-group-lot');
  return lotRow(title);
}
