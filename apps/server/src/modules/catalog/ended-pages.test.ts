// Product pages stay reachable once the product was public (core productPageReachable,
// docs/decisions/079-product-pages-stay-reachable.md): the API answer, the HTML with its preview tags
// and JSON-LD, through the real flows (an unpaid order cancelled by the deadline job, a relist, a
// cancel with bids).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProductDetail } from '@rebound/contract/catalog';
import { API } from '@rebound/contract/routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { makeAuction, makeLocation, makeProduct } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { HOUR, staffAuctions } from '../../../test/staff-auctions';
import { REPO_ROOT } from '../../config';
import { products } from '../../db/schema';

const NOW = new Date('2026-06-15T18:00:00.000Z');
// The web app's index.html in a throwaway WEB_DIST, so the server sends product pages with their tags.
const webDist = mkdtempSync(path.join(tmpdir(), 'rebound-ended-'));
copyFileSync(path.join(REPO_ROOT, 'apps/web/index.html'), path.join(webDist, 'index.html'));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
const t = useTestApp({ now: NOW, env: { WEB_DIST: webDist, PUBLIC_URL: 'https://rebound.example' } });

let staff: SignedInUser;
let ava: SignedInUser;
let ben: SignedInUser;
let locationId: string;

beforeAll(async () => {
  staff = await signedInUser(t, { role: 'staff' });
  ava = await signedInUser(t);
  ben = await signedInUser(t);
  locationId = (await makeLocation(t.db)).id;
});

const { settings, post, liveWithBids, unpaidAuction } = staffAuctions(t, () => ({ staff, locationId }));

const api = (slug: string) => t.app.inject({ method: 'GET', url: API.product(slug) });
const html = (slug: string) => t.app.inject({ method: 'GET', url: `/product/${slug}` });
const statusOf = async (id: string) =>
  (await t.db.select({ status: products.status }).from(products).where(eq(products.id, id)))[0]?.status;
function jsonLd(body: string): { offers?: Record<string, unknown> } {
  const raw = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body);
  if (!raw) throw new Error('no JSON-LD in the page');
  return JSON.parse(raw[1]!);
}

describe('a product back to relist', () => {
  it('after its order was cancelled for non-payment answers 200 with how its auction ended, and no longer sells', async () => {
    const { product, auction } = await unpaidAuction([
      [ava, '30.00'],
      [ben, '25.00'],
    ]);
    expect(await statusOf(product.id)).toBe('to_relist');

    const res = await api(product.slug);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ProductDetail>();
    expect(body.product.status).toBe('to_relist');
    expect(body.auction).toMatchObject({ id: auction.id, status: 'ended' });
    expect(body.ending).toMatchObject({ outcome: 'sold', priceCents: 2_600, at: auction.endTime });
    expect(body.earlierEnding).toBeNull();

    // The server's HTML: the product's own tags, and an Offer that is not InStock.
    const page = await html(product.slug);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<link rel="canonical" href="https://rebound.example/product/${product.slug}"`,
    );
    expect(jsonLd(page.body).offers).toMatchObject({
      availability: 'https://schema.org/SoldOut',
      price: '26.00',
    });
  });

  it('links the new lot once it is relisted: the page shows the new lot and how the one before ended', async () => {
    const { product, auction } = await unpaidAuction([[ava, '40.00']]);
    const relisted = await post(
      API.adminAuctionRelist(auction.id),
      settings({ startTime: new Date(t.clock.now().getTime() + HOUR).toISOString() }),
    );
    expect(relisted.statusCode, relisted.body).toBe(201);
    const body = (await api(product.slug)).json<ProductDetail>();
    expect(body.auction).toMatchObject({ id: relisted.json<{ id: string }>().id, status: 'scheduled' });
    expect(body.ending).toBeNull();
    expect(body.earlierEnding).toMatchObject({ outcome: 'sold', priceCents: 1_000, at: auction.endTime });
    const page = await html(product.slug);
    expect(page.statusCode).toBe(200);
    expect(jsonLd(page.body).offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
  });

  it('after staff cancelled its live auction with bids answers 200 saying it was cancelled', async () => {
    const { product, auction } = await liveWithBids([[ava, '15.00']]);
    const cancelled = await post(API.adminAuctionCancel(auction.id), { reason: 'Damaged in storage' });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    expect(await statusOf(product.id)).toBe('to_relist');

    const body = (await api(product.slug)).json<ProductDetail>();
    expect(body.auction).toMatchObject({ id: auction.id, status: 'cancelled' });
    expect(body.ending).toMatchObject({ outcome: 'cancelled', priceCents: null });
    const page = await html(product.slug);
    expect(page.statusCode).toBe(200);
    expect(jsonLd(page.body).offers).toMatchObject({ availability: 'https://schema.org/SoldOut' });
  });
});

describe('pages that never were public', () => {
  it('stay 404: a draft, a draft whose auction was cancelled before it opened, a withdrawn product', async () => {
    const draft = await makeProduct(t.db, { status: 'draft' });
    const { product: early } = await makeAuction(t.db, {
      now: t.clock.now(),
      locationId,
      product: { status: 'draft' },
      auction: {
        status: 'cancelled',
        startTime: new Date(t.clock.now().getTime() - HOUR),
        endTime: new Date(t.clock.now().getTime() + HOUR),
        cancelledAt: new Date(t.clock.now().getTime() - 2 * HOUR),
      },
    });
    const { product: withdrawn } = await makeAuction(t.db, {
      now: t.clock.now(),
      locationId,
      product: { status: 'withdrawn' },
      auction: {
        status: 'ended',
        startTime: new Date(t.clock.now().getTime() - 3 * HOUR),
        endTime: new Date(t.clock.now().getTime() - HOUR),
      },
    });
    for (const slug of [draft.slug, early.slug, withdrawn.slug]) {
      const res = await api(slug);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'product_not_found', message: 'Product not found' } });
      expect((await html(slug)).statusCode, slug).toBe(404);
    }
  });
});
