// Paying storage fees online before the visit (docs/product.md "Pickup"; docs/decisions/059-storage-fees-and-ledger.md):
// the same hosted checkout as orders. A fee checkout is a checkout session with no orders and
// pending storage fee charges instead; its subtotal and total are the fees (no premium, no tax:
// storage is not a sale of goods). The one sync (sync.ts) marks its charges paid, once.
import {
  FeeCheckoutRequest,
  type FeeCheckoutResponse,
  FeeCheckoutResponse as FeeCheckoutResponseSchema,
  STORAGE_FEE_API,
} from '@rebound/contract/storage-fees';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionUser } from '../../lib/auth-context';
import { requireUser } from '../../lib/auth-context';
import { draftOnlineCharges, insertOnlineCharges } from '../storage-fees';
import { feeReturnPath } from './fee-return';
import * as repo from './repository';
import { CHECKOUT_SESSION_MS, type CheckoutDeps, openAtProvider } from './service';

/** POST /api/checkout/storage-fees: a hosted checkout for what the shopper's orders owe in storage. */
export async function createFeeCheckout(
  deps: CheckoutDeps,
  user: SessionUser,
  orderIds: readonly string[],
): Promise<FeeCheckoutResponse> {
  const { db, clock, provider } = deps;
  const { session, drafts } = await db.transaction(async (tx) => {
    const now = clock.now();
    const { drafts, locationId } = await draftOnlineCharges(tx, user.id, orderIds, now);
    const total = drafts.reduce((sum, d) => sum + d.amountCents, 0);
    const session = await repo.insertSession(tx, {
      userId: user.id,
      locationId,
      provider: provider.name,
      status: 'open',
      subtotalCents: total,
      premiumCents: 0,
      pstCents: 0,
      gstCents: 0,
      totalCents: total,
      // Fees carry no premium and no tax.
      buyersPremiumBp: 0,
      pstBp: 0,
      gstBp: 0,
      applyTaxesOnPremium: false,
      currency: 'cad',
      expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_MS),
      createdAt: now,
      updatedAt: now,
    });
    await insertOnlineCharges(tx, user.id, session.id, drafts, now);
    return { session, drafts };
  });

  const created = await openAtProvider(deps, user, session, {
    lines: drafts.map((d) => ({
      name: `Storage: ${d.title} (${d.days} ${d.days === 1 ? 'day' : 'days'} through ${d.throughDate})`,
      amountCents: d.amountCents,
    })),
    orderIds: drafts.map((d) => d.orderId),
    cancelPath: feeReturnPath(drafts.map((d) => d.orderId)),
    failureLog: 'creating the storage fee checkout failed',
  });
  return {
    url: created.url,
    sessionId: created.providerSessionId,
    provider: provider.name,
    totalCents: session.totalCents,
  };
}

export function feeCheckoutRoutes(
  fastify: FastifyInstance,
  deps: (log: CheckoutDeps['log']) => CheckoutDeps,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    STORAGE_FEE_API.checkout,
    {
      onRequest: async (request) => {
        requireUser(request, 'auth_required');
      },
      schema: { body: FeeCheckoutRequest, response: { 200: FeeCheckoutResponseSchema } },
    },
    async (request) =>
      createFeeCheckout(deps(request.log), requireUser(request, 'auth_required'), request.body.orderIds),
  );
}
