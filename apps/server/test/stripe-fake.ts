import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A small stand-in for the three Stripe endpoints the adapter uses, so medium tests run without the
// internet: POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id and POST /v1/refunds. It
// answers with the JSON shapes Stripe documents, replays an Idempotency-Key the way Stripe does
// (same key, same answer) and lets the test move a session to paid or expired.

export const FAKE_STRIPE_KEY = 'sk_test_rebound0fake0key';
export const FAKE_WEBHOOK_SECRET = 'whsec_rebound0fake0secret';

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  /** The form body decoded into nested objects (line_items[0][price_data][unit_amount] → …). */
  params: Record<string, unknown>;
}

// biome-ignore lint/suspicious/noExplicitAny: Stripe JSON objects, built by hand like the API does.
export type FakeSession = Record<string, any>;

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Decodes Stripe's bracketed form encoding into nested objects and arrays. */
export function decodeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    // biome-ignore lint/suspicious/noExplicitAny: walking an untyped tree.
    let node: any = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      if (last) node[part] = value;
      else {
        node[part] ??= nextIsIndex ? [] : {};
        node = node[part];
      }
    });
  }
  return root;
}

export interface StripeFake {
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  refunds: FakeSession[];
  /** Answer the next `n` requests with a 500 (Stripe having a bad moment). */
  failNext(n: number): void;
  /** The customer paid: status complete, payment_status paid, a PaymentIntent; its card's fingerprint when given (else a fixed one). */
  complete(sessionId: string, cardFingerprint?: string): FakeSession;
  expire(sessionId: string): FakeSession;
  /** A signed-payload-ready event for a session, as Stripe would send it. */
  event(type: string, session: FakeSession): Record<string, unknown>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

const stripeError = (type: string, message: string, extra: Record<string, unknown> = {}) => ({
  error: { type, message, ...extra },
});

export async function startStripeFake(): Promise<StripeFake> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const cardFingerprints = new Map<string, string>();
  const refunds: FakeSession[] = [];
  // Stripe keeps the first answer per key for 24 hours.
  const byKey = new Map<string, unknown>();
  let failures = 0;

  function createSession(p: Record<string, unknown>): FakeSession {
    // biome-ignore lint/suspicious/noExplicitAny: decoded form.
    const lines = (p.line_items as any[]) ?? [];
    const total = lines.reduce(
      (sum, l) => sum + Number(l.price_data.unit_amount) * Number(l.quantity ?? 1),
      0,
    );
    const sessionId = id('cs');
    const session: FakeSession = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: p.cancel_url ?? null,
      client_reference_id: p.client_reference_id ?? null,
      created: Math.floor(Date.now() / 1000),
      currency: p.currency ?? 'cad',
      customer: null,
      customer_email: p.customer_email ?? null,
      expires_at: Number(p.expires_at),
      livemode: false,
      metadata: p.metadata ?? {},
      mode: p.mode,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: p.success_url,
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
    };
    sessions.set(sessionId, session);
    return session;
  }

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const params = decodeForm(body);
    requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey, params });

    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
      return send(res, 401, stripeError('invalid_request_error', 'Invalid API Key provided'));
    }
    if (failures > 0) {
      failures -= 1;
      return send(res, 500, stripeError('api_error', 'Something went wrong on our end.'));
    }
    const replay = (make: () => unknown) => {
      if (idempotencyKey && byKey.has(idempotencyKey)) return byKey.get(idempotencyKey);
      const answer = make();
      if (idempotencyKey) byKey.set(idempotencyKey, answer);
      return answer;
    };

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      // Stripe's rule: expires_at between 30 minutes and 24 hours from now.
      const expiresAt = Number(params.expires_at);
      const now = Date.now() / 1000;
      if (params.expires_at !== undefined && !(expiresAt >= now + 1800 && expiresAt <= now + 86_400)) {
        return send(
          res,
          400,
          stripeError(
            'invalid_request_error',
            'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
            { param: 'expires_at' },
          ),
        );
      }
      return send(
        res,
        200,
        replay(() => createSession(params)),
      );
    }
    const match = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      if (!session) {
        return send(
          res,
          404,
          stripeError('invalid_request_error', `No such checkout.session: '${match[1]}'`, {
            code: 'resource_missing',
            param: 'session',
          }),
        );
      }
      // expand[]=payment_intent.payment_method, as the adapter asks: the PaymentIntent as an object
      // whose method is a card with its fingerprint (one per session here, set by complete()).
      const expand = [...url.searchParams.entries()]
        .filter(([k]) => k.startsWith('expand'))
        .map(([, v]) => v);
      if (expand.includes('payment_intent.payment_method') && typeof session.payment_intent === 'string') {
        return send(res, 200, {
          ...session,
          payment_intent: {
            id: session.payment_intent,
            object: 'payment_intent',
            payment_method: {
              id: `pm_${session.payment_intent}`,
              object: 'payment_method',
              card: { fingerprint: cardFingerprints.get(session.id) ?? 'fp_fake_visa_4242' },
            },
          },
        });
      }
      return send(res, 200, session);
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      // Stripe refuses more than the charge minus earlier refunds (for PaymentIntents it made here).
      const paid = [...sessions.values()].find((x) => x.payment_intent === params.payment_intent);
      const replayed = idempotencyKey !== null && byKey.has(idempotencyKey);
      if (paid && !replayed) {
        const before = refunds
          .filter((r) => r.payment_intent === params.payment_intent)
          .reduce((sum, r) => sum + Number(r.amount), 0);
        const amount = params.amount === undefined ? paid.amount_total - before : Number(params.amount);
        if (before + amount > paid.amount_total) {
          return send(
            res,
            400,
            stripeError(
              'invalid_request_error',
              `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((paid.amount_total - before) / 100).toFixed(2)})`,
              { param: 'amount' },
            ),
          );
        }
      }
      return send(
        res,
        200,
        replay(() => {
          const refund = {
            id: id('re'),
            object: 'refund',
            amount: Number(params.amount),
            currency: 'cad',
            payment_intent: params.payment_intent,
            status: 'succeeded',
            created: Math.floor(Date.now() / 1000),
            metadata: params.metadata ?? {},
          };
          refunds.push(refund);
          return refund;
        }),
      );
    }
    return send(
      res,
      404,
      stripeError('invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname})`),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const get = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`stripe fake: no session ${sessionId}`);
    return session;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
    failNext(n) {
      failures = n;
    },
    complete(sessionId, cardFingerprint) {
      const session = get(sessionId);
      if (cardFingerprint) cardFingerprints.set(sessionId, cardFingerprint);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent ??= id('pi');
      return session;
    },
    expire(sessionId) {
      const session = get(sessionId);
      session.status = 'expired';
      return session;
    },
    event(type, session) {
      return {
        id: id('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        data: { object: { ...session } },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The `Stripe-Signature` header Stripe would send for this exact body. */
export function signStripePayload(
  payload: string,
  opts: { secret?: string; timestamp?: number } = {},
): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? FAKE_WEBHOOK_SECRET,
    ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
  });
}
