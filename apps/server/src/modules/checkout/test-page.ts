// The built-in test checkout's hosted page (docs/decisions/013-payments.md), at its own path, playing Stripe
// Checkout's part when no Stripe keys are set: GET shows the session's lines, total and a card form;
// POST takes the test card. 4242 4242 4242 4242 pays, as do 5555 5555 5555 4444 and 4000 0566 5566 5556,
// each with a fingerprint of its own (adapters/payments/test.ts) (a test_checkout_payments row, then the one
// sync, then 303 to /checkout/success?session_id=… exactly like Stripe); 4000 0000 0000 0002 is
// declined; anything else gets a clear message. Registered only when the test provider is in use.
import { TEST_CHECKOUT_PATH } from '@rebound/contract/routes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { TEST_CARDS_THAT_PAY } from '../../adapters/payments/test';
import {
  type FieldErrors,
  type PageState,
  renderNotFoundPage,
  renderTestCheckoutPage,
} from './test-page-html';
import {
  declineTestPayment,
  payTestSession,
  type TestPageSession,
  testPageSession,
} from './test-page-service';

export const TEST_CARD_SUCCESS = TEST_CARDS_THAT_PAY[0];
export const TEST_CARD_DECLINED = '4000000000000002';
export const DECLINED_MESSAGE = 'Your card was declined. Please use another card.';

const successPath = (providerSessionId: string) =>
  `/checkout/success?session_id=${encodeURIComponent(providerSessionId)}`;

type Form = Partial<Record<'cardNumber' | 'expiry' | 'cvc' | 'name', string>>;

/** Checks the form; returns the card's digits when every field is well formed. */
export function checkCardForm(
  form: Form,
  now: Date,
): { ok: true; card: string } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const card = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(card)) errors.card = 'Enter your card number (digits only, spaces allowed).';
  else if (!(TEST_CARDS_THAT_PAY as readonly string[]).includes(card) && card !== TEST_CARD_DECLINED)
    errors.card = 'In test mode, use the test card 4242 4242 4242 4242.';

  const exp = (form.expiry ?? '').trim().match(/^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/);
  const month = exp ? Number(exp[1]) : 0;
  const year = exp ? (exp[2]!.length === 2 ? 2000 + Number(exp[2]) : Number(exp[2])) : 0;
  if (!exp || month < 1 || month > 12) errors.expiry = 'Enter the expiry date as MM / YY.';
  else if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
    errors.expiry = 'This card has expired. Enter a future expiry date.';

  if (!/^\d{3,4}$/.test((form.cvc ?? '').trim())) errors.cvc = 'Enter the 3 or 4 digit CVC.';
  const name = (form.name ?? '').trim();
  if (name.length === 0 || name.length > 100) errors.name = 'Enter the name on the card.';

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, card };
}

export async function testCheckoutRoutes(app: FastifyInstance) {
  const { db, clock, publish, payments, config } = app.deps;
  if (payments.name !== 'test' || payments.available === false) return;

  // The page's form posts urlencoded fields; only this plugin's routes accept them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const load = (providerSessionId: string) => testPageSession(db, providerSessionId);

  function stateOf(session: TestPageSession): PageState | null {
    if (session.status === 'paid')
      return { kind: 'paid', successPath: successPath(session.providerSessionId!) };
    if (session.status === 'expired') return { kind: 'expired' };
    if (session.status !== 'open') return { kind: 'closed' };
    if (session.expiresAt && clock.now().getTime() >= session.expiresAt.getTime()) return { kind: 'expired' };
    return null;
  }

  function send(reply: FastifyReply, status: number, html: string) {
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(html);
  }

  app.get<{ Params: { sessionId: string } }>(`${TEST_CHECKOUT_PATH}/:sessionId`, async (request, reply) => {
    const found = await load(request.params.sessionId);
    if (!found) return send(reply, 404, renderNotFoundPage());
    const { session, lines, back } = found;
    const state = stateOf(session) ?? {
      kind: 'form',
      ...(session.failureMessage === DECLINED_MESSAGE ? { banner: DECLINED_MESSAGE } : {}),
    };
    return send(
      reply,
      200,
      renderTestCheckoutPage({ action: request.url, lines, totalCents: session.totalCents, state, back }),
    );
  });

  app.post<{ Params: { sessionId: string }; Body: unknown }>(
    `${TEST_CHECKOUT_PATH}/:sessionId`,
    async (request, reply) => {
      const providerSessionId = request.params.sessionId;
      const found = await load(providerSessionId);
      if (!found) return send(reply, 404, renderNotFoundPage());
      const { session, lines, back } = found;
      const page = (status: number, state: PageState) =>
        send(
          reply,
          status,
          renderTestCheckoutPage({ action: request.url, lines, totalCents: session.totalCents, state, back }),
        );
      if (session.status === 'paid') return reply.redirect(successPath(providerSessionId), 303);
      const closed = stateOf(session);
      if (closed) return page(409, closed);

      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Form;
      const form: Form = {};
      for (const key of ['cardNumber', 'expiry', 'cvc', 'name'] as const) {
        const v = body[key];
        if (typeof v === 'string') form[key] = v.slice(0, 200);
      }
      const values = { name: form.name ?? '', expiry: form.expiry ?? '' };
      const now = clock.now();
      const checked = checkCardForm(form, now);
      if (!checked.ok) return page(422, { kind: 'form', values, errors: checked.errors });
      if (checked.card === TEST_CARD_DECLINED) {
        await declineTestPayment(db, session.id, DECLINED_MESSAGE, now);
        return page(402, { kind: 'form', values, banner: DECLINED_MESSAGE });
      }

      // The same sync as the success page and a webhook; whatever it decides, the success page
      // asks again and tells the shopper.
      await payTestSession(
        { db, clock, provider: payments, publish, sightingSecret: config.authSecret, log: request.log },
        { providerSessionId, totalCents: session.totalCents },
        checked.card.slice(-4),
        now,
      );
      return reply.redirect(successPath(providerSessionId), 303);
    },
  );
}
