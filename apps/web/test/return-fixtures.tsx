// Fixtures for the component tests of a completed order and its return (the Orders tab's return
// part, the drop-off picker): one order, its return once requested, drop-off times, and a handle on
// the query cache the page renders with (to refetch as a socket resync would).
import type { OrderView } from '@rebound/contract/orders';
import type { ReturnView } from '@rebound/contract/returns';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';

export const ORDER = '00000000-0000-4000-8000-0000000000a1';
export const RETURN = '00000000-0000-4000-8000-0000000000e1';
export const LOCATION = '00000000-0000-4000-8000-0000000000c1';
const DAY = 86_400_000;

/** The order's return once asked for: requested, a drop-off still to book. */
export const requested = {
  id: RETURN,
  orderId: ORDER,
  productTitle: 'Cordless drill',
  state: 'requested',
  stateLabel: 'Return requested',
  reasonLabel: 'Missing parts',
  lastDayLabel: 'Mon, Nov 30',
  dropOff: null,
  canBookDropOff: true,
  canWithdraw: true,
  refundCents: 0,
  refusalReason: null,
  history: [],
  photos: [],
} as unknown as ReturnView;

/** The completed order, with `current` as its return (null: none yet, one may be asked for). */
export function orderWith(current: ReturnView | null): OrderView {
  return {
    id: ORDER,
    number: 'A1B2C3D4',
    status: 'completed',
    statusLabel: 'Completed',
    finalAmountCents: 10_000,
    totalPaidCents: 12_000,
    createdAt: '2026-11-20T19:00:00.000Z',
    storageFeeCents: 0,
    storageFeeFrom: '2026-11-30',
    needsPayment: false,
    canSchedulePickup: false,
    pickup: null,
    refundNote: null,
    product: { title: 'Cordless drill', slug: 'cordless-drill', image: null },
    returnInfo: {
      canRequest: current === null,
      refusal: current === null ? null : 'has_return',
      refusalMessage: null,
      deadline: current === null ? new Date(Date.now() + 3 * DAY).toISOString() : null,
      lastDayLabel: 'Mon, Nov 30',
      current,
    },
  } as unknown as OrderView;
}

/** A drop-off time at the location with places left. */
export const slot = (id: string, time: string) => ({
  slotId: `${LOCATION}.${id}`,
  timeLabel: time,
  availableSpots: 3,
  isFull: false,
  startsAt: '2026-11-28T18:00:00.000Z',
  endsAt: '2026-11-28T18:30:00.000Z',
});

let client: QueryClient | null = null;

/** Render inside the page to reach its query cache through `queryClientOf()`. */
export function GrabClient() {
  client = useQueryClient();
  return null;
}

/** The query cache of the page rendered with `<GrabClient />`. */
export function queryClientOf(): QueryClient {
  if (!client) throw new Error('render <GrabClient /> first');
  return client;
}
