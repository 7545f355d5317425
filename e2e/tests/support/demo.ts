import { buildDemoDataset } from '../../../apps/server/src/seed/demo';

// The server under test seeds the demo store on start. Its rows are deterministic (same seed, same
// products, ids and auction phases; only the times follow `now`), so the tests can find lots in a
// given phase here, where the shop (live lots only) cannot list them. Tests still read each lot's
// state from the API before relying on it.

export interface DemoLot {
  slug: string;
  title: string;
  auctionId: string;
  status: 'scheduled' | 'live' | 'ended' | 'cancelled';
  startTime: Date;
  hasReserve: boolean;
  bidCount: number;
}

let cached: DemoLot[] | undefined;

/** Every auctioned demo product with its auction, as the seed built them. */
export function demoLots(): DemoLot[] {
  if (cached) return cached;
  const data = buildDemoDataset({ now: new Date(), staffPasswordHash: 'x', shopperPasswordHash: 'x' });
  const products = new Map(data.products.map((p) => [p.id, p]));
  cached = data.auctions.flatMap((a) => {
    const product = products.get(a.productId);
    if (!product) return [];
    return [
      {
        slug: product.slug,
        title: product.title,
        auctionId: a.id,
        status: (a.status ?? 'scheduled') as DemoLot['status'],
        startTime: a.startTime,
        hasReserve: a.reservePriceCents !== null && a.reservePriceCents !== undefined,
        bidCount: a.bidCount ?? 0,
      },
    ];
  });
  return cached;
}
