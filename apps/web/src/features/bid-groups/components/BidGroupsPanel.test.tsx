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
    expect(within(groups[1] as HTMLElement).queryByRole('combobox', { name: 'Win at most' })).toBeNull();
  });

  it('shows an ended lot’s final price (‘You won for’ when it is the shopper’s), and no bid control on a lot the group no longer bids on', async () => {
    const ended = (n: number, state: BidGroupLot['state'], over: Partial<AuctionCard> = {}): BidGroupLot => {
      const l = lot(n, state, state === 'won' ? 'won' : state === 'lost' ? 'lost' : 'none');
      return { ...l, card: { ...l.card, status: 'ended', endTime: '2026-11-27T19:30:00.000Z', ...over } };
    };
    fakeServer({
      [`GET ${LIST}`]: list(
        group({
          winAtMost: 2,
          wins: 1,
          lots: [
            ended(1, 'won', { currentPriceCents: 13_500 }),
            ended(2, 'lost', { currentPriceCents: 21_000 }),
            ended(3, 'skipped', { currentPriceCents: 9_000 }),
            ended(4, 'skipped', { currentPriceCents: 5_000, bidCount: 0 }),
            // Its auction ended a moment before the group caught up: already a final price.
            ended(5, 'live', { currentPriceCents: 14_000 }),
            { ...lot(6, 'dropped'), card: { ...card(6), status: 'cancelled' } },
            lot(7, 'dropped'),
            lot(8, 'waiting'),
          ],
        }),
      ),
    });
    renderPage(<BidGroupsPanel />);
    await findRow('Blender 8');
    const price = (title: string) => within(lotRow(title)).getByTestId('bid-group-lot-price').textContent;
    expect(price('Blender 1')).toBe('You won for$135.00');
    expect(price('Blender 2')).toBe('Final bid$210.00');
    expect(price('Blender 3')).toBe('Final bid$90.00');
    expect(price('Blender 4')).toBe('Final bidNo bids');
    expect(price('Blender 5')).toBe('Final bid$140.00');
    expect(price('Blender 6')).toBe('AuctionCancelled');
    // Dropped from the group while its auction runs: its price stands, the group bids no more on it.
    expect(price('Blender 7')).toBe('Current bid$120.00');
    expect(price('Blender 8')).toBe('Current bid$120.00');
    for (const n of [1, 2, 3, 4, 5]) expect(lotRow(`Blender ${n}`).textContent).toContain('Ended');
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      const row = lotRow(`Blender ${n}`);
      expect(within(row).queryByRole('button')).toBeNull();
      expect(row.textContent).not.toContain('Time left');
    }
    expect(
      within(lotRow('Blender 8')).getByRole('button', { name: 'Change maximum: Blender 8' }),
    ).toBeTruthy();
    expect(within(lotRow('Blender 8')).getByText('Time left')).toBeTruthy();
  });

  it('changes how many to win (PATCH winAtMost) within the rules’ bounds, shows the server’s refusal, then the changed group', async () => {
    let current = group();
    let refuse = true;
    const server = fakeServer({
      [`GET ${LIST}`]: () => list(current),
      [`PATCH ${GROUP_PATH}`]: ({ body }) => {
        if (refuse)
          return answer(422, {
            error: {
              code: 'spending_limit_exceeded',
              message:
                'This would bring the most you could owe to $465.00, above your spending limit of $400.00.',
            },
          });
        current = group({ winAtMost: (body as { winAtMost: number }).winAtMost });
        return { serverTime: '2026-11-27T20:00:00.000Z', group: current };
      },
    });
    const { user } = renderPage(<BidGroupsPanel />);
    const win = await screen.findByRole('combobox', { name: 'Win at most' });
    // 4 lots, none won: 1 to 3.
    expect(
      within(win)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3']);
    expect((win as HTMLSelectElement).value).toBe('1');
    const save = screen.getByRole('button', { name: 'Save: win at most' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await user.selectOptions(win, '3');
    expect(screen.getByText('You will win at most 3. Bids are binding.')).toBeTruthy();
    await user.click(save);
    expect(
      await screen.findByText(
        'This would bring the most you could owe to $465.00, above your spending limit of $400.00.',
      ),
    ).toBeTruthy();
    expect(win.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toContain('Win one of these (4 lots)');

    refuse = false;
    await user.selectOptions(win, '2');
    expect(win.getAttribute('aria-invalid')).toBeNull();
    await user.click(save);
    await waitFor(() =>
      expect(screen.getAllByRole('heading').map((h) => h.textContent)).toContain('Win 2 of these (4 lots)'),
    );
    expect(screen.getByRole('status').textContent).toBe('Saved: the group now wins at most 2.');
    expect((screen.getByRole('combobox', { name: 'Win at most' }) as HTMLSelectElement).value).toBe('2');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.calls('PATCH', GROUP_PATH).map((c) => c.body)).toEqual([
      { winAtMost: 3 },
      { winAtMost: 2 },
    ]);
  });

  it('never offers fewer than the wins so far, says that many ends the group, and offers nothing on a group of 2', async () => {
    fakeServer({
      [`GET ${LIST}`]: list(
        group({
          winAtMost: 3,
          wins: 2,
          lots: [
            lot(1, 'won', 'won'),
            lot(2, 'won', 'won'),
            lot(3, 'live', 'winning'),
            lot(4, 'waiting'),
            lot(5, 'waiting'),
          ],
        }),
        group({
          id: '00000000-0000-4000-8000-0000000000f2',
          lots: [lot(6, 'live', 'winning'), lot(7, 'waiting')],
        }),
      ),
    });
    const { user } = renderPage(<BidGroupsPanel />);
    const [first, second] = (await screen.findAllByTestId('bid-group')) as [HTMLElement, HTMLElement];
    const win = within(first).getByRole('combobox', { name: 'Win at most' });
    expect(
      within(win)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2', '3', '4']);
    expect(within(first).getByText('From 2 (won so far) to 4 (fewer than the 5 lots).')).toBeTruthy();
    await user.selectOptions(win, '2');
    expect(
      within(first).getByText(
        'The group has won 2: at 2 it is done at once and its waiting lots are dropped.',
      ),
    ).toBeTruthy();
    expect(within(second).queryByRole('combobox', { name: 'Win at most' })).toBeNull();
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
    expect(await screen.findByText('No bid groups yet.')).toBeTruthy();
  });
});

async function findRow(title: string) {
  await screen.findAllByTestId('bid-group-lot');
  return lotRow(title);
}
