// @vitest-environment jsdom
import type { AuctionLiveState, PlaceBidResponse } from '@rebound/contract/bidding';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeServer, renderPage, shopper } from '../../../../test/render';
import { BidForm } from './BidForm';

const AUCTION_ID = '00000000-0000-4000-8000-0000000000a1';
const BIDS = `/api/auctions/${AUCTION_ID}/bids`;

const auction: AuctionLiveState = {
  auctionId: AUCTION_ID,
  status: 'live',
  startTime: '2026-11-20T18:00:00.000Z',
  endTime: '2026-11-30T18:00:00.000Z',
  startingBidCents: 1_000,
  currentPriceCents: 2_000,
  bidCount: 3,
  hasReserve: false,
  reserveMet: true,
  minimumNextBidCents: 2_500,
  leaderHandle: 'sam',
  seq: 3,
};

function placed(maxCents: number): PlaceBidResponse {
  return {
    serverTime: '2026-11-27T18:00:00.000Z',
    message: "You've got the highest bid!",
    isLeader: true,
    auction: { ...auction, currentPriceCents: 2_500, bidCount: 4, leaderHandle: 'pat', seq: 4 },
    me: { maxBidCents: maxCents, standing: 'winning' },
  };
}

function renderForm(props: Partial<Parameters<typeof BidForm>[0]> = {}) {
  return renderPage(
    <BidForm
      auction={auction}
      me={null}
      taxConfig={null}
      locationName="Burnaby Warehouse"
      bidder={{ role: 'shopper', status: 'active' }}
      {...props}
      terms={props.terms ?? { saleTerms: 'standard', nonReturnableKind: null }}
    />,
  );
}

const amountBox = () => screen.getByRole('spinbutton', { name: /your maximum bid/i });

describe('BidForm: the checks before the confirm step', () => {
  it('says the minimum, and refuses a maximum under it without asking to confirm', async () => {
    const server = fakeServer({});
    const { user } = renderForm();
    expect(screen.getByText(/Enter \$25\.00 or more/)).toBeTruthy();
    await user.type(amountBox(), '24.99');
    await user.click(screen.getByRole('button', { name: /place max bid/i }));
    expect(screen.getByText('Highest bid must be at least $25.00')).toBeTruthy();
    expect(amountBox().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('heading', { name: /confirm your maximum bid/i })).toBeNull();
    expect(server.calls('POST', BIDS)).toHaveLength(0);
  });

  it('refuses an empty amount, and clears the message once the shopper types again', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: /place max bid/i }));
    expect(screen.getByText('Please enter a valid proxy bid amount')).toBeTruthy();
    await user.type(amountBox(), '3');
    expect(screen.queryByText('Please enter a valid proxy bid amount')).toBeNull();
  });

  it('asks for more than the shopper’s own maximum when it is above the minimum', async () => {
    const { user } = renderForm({ me: { maxBidCents: 4_000, standing: 'winning' } });
    expect(screen.getByText(/Enter \$40\.01 or more/)).toBeTruthy();
    await user.type(amountBox(), '40');
    await user.click(screen.getByRole('button', { name: /place max bid/i }));
    expect(
      screen.getByText('New proxy bid must be higher than your current proxy bid of $40.00'),
    ).toBeTruthy();
  });

  it('refuses a suspended account and a maximum above $100,000 with the server’s words', async () => {
    const { user, unmount } = renderForm({ bidder: { role: 'shopper', status: 'suspended' } });
    await user.type(amountBox(), '30');
    await user.click(screen.getByRole('button', { name: /place max bid/i }));
    expect(screen.getByText('Your account cannot bid right now. Please contact support.')).toBeTruthy();
    unmount();

    const again = renderForm();
    await again.user.type(amountBox(), '100000.01');
    await again.user.click(screen.getByRole('button', { name: /place max bid/i }));
    expect(screen.getByText('The highest maximum bid we accept is $100,000.00.')).toBeTruthy();
  });

  it('shows the all-in cost as the shopper types, and a suggested maximum fills the box', async () => {
    const { user } = renderForm();
    await user.type(amountBox(), '100');
    // $100 + 15% premium, PST 7% and GST 5% on bid and premium (the BC defaults).
    expect(screen.getByText(/All-in at \$100\.00:/).textContent).toContain('$128.80');
    const suggested = within(screen.getByRole('group', { name: /suggested maximum bids/i })).getAllByRole(
      'button',
    );
    expect(suggested[0]?.textContent).toBe('$25.00');
    await user.click(suggested[0]!);
    expect((amountBox() as HTMLInputElement).value).toBe('25.00');
  });
});

describe('BidForm: the confirm step', () => {
  it('shows what the shopper would pay at their maximum, and Back keeps the amount', async () => {
    const server = fakeServer({});
    const { user } = renderForm();
    await user.type(amountBox(), '100');
    await user.click(screen.getByRole('button', { name: /place max bid/i }));
    const step = screen.getByRole('region', { name: /confirm your maximum bid/i });
    expect(within(step).getByText('$15.00')).toBeTruthy(); // buyer's premium
    expect(within(step).getByText('$8.05')).toBeTruthy(); // PST
    expect(within(step).getByText('$5.75')).toBeTruthy(); // GST
    expect(within(step).getByText('$128.80')).toBeTruthy();
    expect(within(step).getByText(/pickup at Burnaby Warehouse/)).toBeTruthy();
    expect(server.calls('POST', BIDS)).toHaveLength(0);

    await user.click(within(step).getByRole('button', { name: /back/i }));
    expect((amountBox() as HTMLInputElement).value).toBe('100');
  });

  it('says the lot’s sale terms before the shopper confirms', async () => {
    fakeServer({});
    const { user, unmount } = renderForm({ terms: { saleTerms: 'final_sale', nonReturnableKind: null } });
    await user.type(amountBox(), '30');
    await user.click(screen.getByRole('button', { name: /place max bid/i }));
    let step = screen.getByRole('region', { name: /confirm your maximum bid/i });
    expect(within(step).getByTestId('bid-sale-terms').textContent).toBe('Final sale: no returns.');
    expect(within(step).getByRole('button', { name: /confirm \$30\.00/i })).toBeTruthy();
    unmount();

    const asIs = renderForm({ terms: { saleTerms: 'as_is', nonReturnableKind: null } });
    await asIs.user.type(amountBox(), '30');
    await asIs.user.click(screen.getByRole('button', { name: /place max bid/i }));
    step = screen.getByRole('region', { name: /confirm your maximum bid/i });
    expect(within(step).getByTestId('bid-sale-terms').textContent).toBe('As is: sold as found, no returns.');
    asIs.unmount();

    const standard = renderForm();
    await standard.user.type(amountBox(), '30');
    await standard.user.click(screen.getByRole('button', { name: /place max bid/i }));
    step = screen.getByRole('region', { name: /confirm your maximum bid/i });
    expect(within(step).getByTestId('bid-sale-terms').textContent).toBe(
      'Standard: free returns within 7 days of pickup.',
    );
  });

  it('Confirm sends the maximum once with an idempotency key, then empties the form and says so', async () => {
    const server = fakeServer({ [`POST ${BIDS}`]: placed(3_000) });
    const { user } = renderForm();
    await user.type(amountBox(), '30');
    await user.click(screen.getByRole('button', { name: /place max bid/i }));
    await user.click(screen.getByRole('button', { name: 'Confirm $30.00' }));

    expect(await screen.findByText("You've got the highest bid!")).toBeTruthy();
    const sent = server.calls('POST', BIDS);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ amount: '30.00' });
    expect(sent[0]?.headers['Idempotency-Key']).toMatch(/.{8,}/);
    expect((amountBox() as HTMLInputElement).value).toBe('');
  });

  it('a refusal shows the server’s message and returns to the form with the amount kept', async () => {
    fakeServer({
      [`POST ${BIDS}`]: answer(409, {
        error: { code: 'bid_too_low', message: 'Highest bid must be at least $35.00' },
      }),
      [`GET /api/auctions/${AUCTION_ID}/state`]: {
        serverTime: '2026-11-27T18:00:00.000Z',
        auction,
        me: null,
      },
    });
    const { user } = renderForm({ bidder: shopper() });
    await user.type(amountBox(), '30');
    await user.click(screen.getByRole('button', { name: /place max bid/i }));
    await user.click(screen.getByRole('button', { name: 'Confirm $30.00' }));
    expect(await screen.findByText('Highest bid must be at least $35.00')).toBeTruthy();
    expect((amountBox() as HTMLInputElement).value).toBe('30');
  });

  it('a maximum above the spending limit: the server’s refusal shows as it arrives, naming both figures', async () => {
    const refusal =
      'This would bring the most you could owe to $207.00, above your spending limit of $200.00.';
    fakeServer({
      [`POST ${BIDS}`]: answer(422, { error: { code: 'spending_limit_exceeded', message: refusal } }),
      [`GET /api/auctions/${AUCTION_ID}/state`]: {
        serverTime: '2026-11-27T18:00:00.000Z',
        auction,
        me: null,
      },
    });
    const { user } = renderForm({ bidder: shopper() });
    await user.type(amountBox(), '80');
    await user.click(screen.getByRole('button', { name: /place max bid/i }));
    await user.click(screen.getByRole('button', { name: 'Confirm $80.00' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect((amountBox() as HTMLInputElement).value).toBe('80');
  });
});
