// @vitest-environment jsdom
import type { AuctionLiveState, AuctionStateResponse } from '@rebound/contract/bidding';
import type { ServerEvent } from '@rebound/contract/realtime';
import { ACCOUNT_SUSPENDED_CANNOT_BID } from '@rebound/core/bidding-text';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeServer, renderPage, shopper } from '../../../../test/render';
import { LiveAuction } from './LiveAuction';

// The product page's bidding panel, live: a suspended account is told before it tries; after being
// outbid live the old error and an all-in for a maximum below the new minimum go away; a soft close
// within the minute shown says its seconds; a later bid that works closes the earlier error toast.

const AUCTION_ID = '00000000-0000-4000-8000-0000000000b2';
const BIDS = `/api/auctions/${AUCTION_ID}/bids`;
const HOUR = 3_600_000;
// The end a minute boundary plus 4 s, an hour or two ahead of the real clock (the page counts down on it).
const END = Math.ceil((Date.now() + 2 * HOUR) / 60_000) * 60_000 + 4_000;

const live: AuctionLiveState = {
  auctionId: AUCTION_ID,
  status: 'live',
  startTime: new Date(Date.now() - HOUR).toISOString(),
  endTime: new Date(END).toISOString(),
  startingBidCents: 1_000,
  currentPriceCents: 2_000,
  bidCount: 3,
  hasReserve: false,
  reserveMet: true,
  minimumNextBidCents: 2_500,
  leaderHandle: 'sam',
  seq: 3,
};

const state = (): AuctionStateResponse => ({
  serverTime: new Date().toISOString(),
  auction: live,
  me: { maxBidCents: null, standing: 'none' },
});

class FakeSocket extends EventTarget {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  deliver(event: ServerEvent) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(event) }));
  }
}

function deliver(event: ServerEvent) {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no socket opened');
  act(() => socket.deliver(event));
}

/** Someone else's higher maximum, pushed live: the minimum is now $35. */
function outbidLive() {
  deliver({
    type: 'BidPlacedV1',
    serverTime: new Date().toISOString(),
    auction: {
      ...live,
      currentPriceCents: 3_000,
      minimumNextBidCents: 3_500,
      leaderHandle: 'kim',
      seq: 4,
      bidCount: 4,
    },
  });
}

function renderPanel(user = shopper()) {
  return renderPage(
    <LiveAuction
      auctionId={AUCTION_ID}
      initial={live}
      retailPriceCents={10_000}
      location={null}
      withHistory={false}
      terms={{ saleTerms: 'standard', nonReturnableKind: null }}
    />,
    { user },
  );
}

const amountBox = () => screen.findByRole('spinbutton', { name: /your maximum bid/i });

describe('the bidding panel', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  });

  it('a suspended account is told it cannot bid, instead of the form', async () => {
    fakeServer({ [`GET /api/auctions/${AUCTION_ID}`]: state() });
    renderPanel(shopper({ status: 'suspended' }));
    expect(await screen.findByText(ACCOUNT_SUSPENDED_CANNOT_BID)).toBeTruthy();
    expect(screen.queryByRole('spinbutton', { name: /your maximum bid/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /place max bid/i })).toBeNull();
  });

  it('outbid live: the error about the old minimum goes', async () => {
    fakeServer({ [`GET /api/auctions/${AUCTION_ID}`]: state() });
    const { user } = renderPanel();
    await user.type(await amountBox(), '20');
    await user.click(screen.getByRole('button', { name: /place max bid/i }));
    expect(screen.getByText('Highest bid must be at least $25.00')).toBeTruthy();
    outbidLive();
    await waitFor(() => expect(screen.queryByText('Highest bid must be at least $25.00')).toBeNull());
    expect(screen.getByText(/Enter \$35\.00 or more/)).toBeTruthy();
  });

  it('outbid live: an all-in for a maximum now below the minimum goes; one above it stays', async () => {
    fakeServer({ [`GET /api/auctions/${AUCTION_ID}`]: state() });
    const { user } = renderPanel();
    await user.type(await amountBox(), '30');
    expect(screen.getByText(/All-in at \$30\.00:/)).toBeTruthy();
    outbidLive();
    await waitFor(() => expect(screen.queryByText(/All-in at/)).toBeNull());
    await user.clear(await amountBox());
    await user.type(await amountBox(), '40');
    expect(screen.getByText(/All-in at \$40\.00:/)).toBeTruthy();
  });

  it('a soft close within the minute shown says the new end with its seconds', async () => {
    fakeServer({ [`GET /api/auctions/${AUCTION_ID}`]: state() });
    renderPanel();
    await amountBox();
    deliver({
      type: 'AuctionExtendedV1',
      serverTime: new Date().toISOString(),
      auctionId: AUCTION_ID,
      seq: 3,
      previousEndTime: new Date(END).toISOString(),
      endTime: new Date(END + 15_000).toISOString(),
    });
    const notice = await screen.findByTestId('soft-close-notice');
    expect(notice.textContent).toMatch(/Extended by 15 seconds!/);
    expect(notice.textContent).toMatch(/moved the end to .*:19 [ap]\.m\. PT\./);
  });

  it('a bid that works closes the earlier attempt’s error toast', async () => {
    let tries = 0;
    fakeServer({
      [`GET /api/auctions/${AUCTION_ID}`]: state(),
      [`POST ${BIDS}`]: () => {
        tries += 1;
        if (tries === 1)
          return answer(409, { error: { code: 'bid_too_low', message: 'Someone bid first: try again.' } });
        return {
          serverTime: new Date().toISOString(),
          message: "You've got the highest bid!",
          isLeader: true,
          auction: { ...live, currentPriceCents: 2_500, bidCount: 4, leaderHandle: 'pat', seq: 4 },
          me: { maxBidCents: 3_000, standing: 'winning' },
        };
      },
    });
    const { user } = renderPanel();
    const place = async () => {
      await user.clear(await amountBox());
      await user.type(await amountBox(), '30');
      await user.click(screen.getByRole('button', { name: /place max bid/i }));
      await user.click(await screen.findByRole('button', { name: /confirm \$30\.00/i }));
    };
    // sonner's own calls, watched: toasts expire by themselves after 4 s, so what is on screen later
    // proves nothing; the error must be shown under the bid's id and that id closed on success.
    const { toast: sonnerToast } = await import('sonner');
    const shown = vi.spyOn(sonnerToast, 'error');
    const closed = vi.spyOn(sonnerToast, 'dismiss');
    await place();
    expect(await screen.findByText('Someone bid first: try again.')).toBeTruthy();
    const errorId = shown.mock.calls[0]?.[1]?.id;
    expect(errorId).toBeTruthy();
    expect(closed).not.toHaveBeenCalledWith(errorId);
    await place();
    expect(await screen.findByText("You've got the highest bid!")).toBeTruthy();
    expect(closed).toHaveBeenCalledWith(errorId);
  });
});
