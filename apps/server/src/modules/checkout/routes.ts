import {
  CartQuoteRequest,
  CartQuoteResponse,
  CreateCheckoutResponse,
  PayAllQuoteResponse,
  PayAllRequest,
  VerifyPaymentRequest,
  VerifyPaymentResponse,
} from '@rebound/contract/orders';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/auth-context';
import { sellerTaxRegistration } from '../tax-registration';
import { payAllQuote, quote } from './cart';
import { feeCheckoutRoutes } from './fee-checkout';
import * as service from './service';

export async function checkoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, publish, config, payments } = app.deps;
  const deps = (log: service.CheckoutDeps['log']): service.CheckoutDeps => ({
    db,
    clock,
    provider: payments,
    publicUrl: config.publicUrl,
    publish,
    sightingSecret: config.authSecret,
    log,
  });

  // Signed-out requests are refused before their body is looked at.
  const signedIn = async (request: FastifyRequest) => {
    requireUser(request, 'auth_required');
  };

  app.post(
    API.cartQuote,
    { onRequest: signedIn, schema: { body: CartQuoteRequest, response: { 200: CartQuoteResponse } } },
    async (request) => quote(db, requireUser(request, 'auth_required').id, request.body.orderIds),
  );

  app.post(
    API.checkout,
    // CreateCheckoutRequest's shape; an empty list is answered by the service as cart_empty.
    { onRequest: signedIn, schema: { body: CartQuoteRequest, response: { 200: CreateCheckoutResponse } } },
    async (request) =>
      service.createCheckout(deps(request.log), requireUser(request, 'auth_required'), request.body.orderIds),
  );

  // 'Pay all': the server picks every unpaid order whose deadline is ahead (cart.ts payAllQuote).
  app.get(
    API.checkoutPayAll,
    { onRequest: signedIn, schema: { response: { 200: PayAllQuoteResponse } } },
    async (request) => payAllQuote(db, requireUser(request, 'auth_required').id, clock.now()),
  );

  app.post(
    API.checkoutPayAll,
    { onRequest: signedIn, schema: { body: PayAllRequest, response: { 200: CreateCheckoutResponse } } },
    async (request) =>
      service.createCheckout(deps(request.log), requireUser(request, 'auth_required'), {
        allUnpaid: true,
        expectedTotalCents: request.body.expectedTotalCents,
      }),
  );

  // Storage fees paid online before the visit (fee-checkout.ts).
  feeCheckoutRoutes(app, deps);

  app.post(
    API.checkoutVerify,
    { onRequest: signedIn, schema: { body: VerifyPaymentRequest, response: { 200: VerifyPaymentResponse } } },
    async (request) => ({
      ...(await service.verifyPayment(
        deps(request.log),
        requireUser(request, 'auth_required'),
        request.body.sessionId,
      )),
      // The receipt page prints the seller's registrations (Settings, else the configured ones).
      taxRegistration: await sellerTaxRegistration({ db, config }),
    }),
  );
}
