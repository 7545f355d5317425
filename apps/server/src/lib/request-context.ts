import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// The request id (decision 064). A request's log id is the X-Request-Id its proxy sent when that
// is well-formed, else a new UUID; every log line of the request carries it as `reqId`, the answer
// returns it, and every outbox message queued while handling the request stores it (`request_id`),
// so the sender's lines about that message name it too.

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and `-_.:`, 1 to 128 characters: what a proxy's ids look like, nothing a log could misread. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/** The incoming id if it is well-formed, else null. */
export function wellFormedRequestId(value: unknown): string | null {
  return typeof value === 'string' && WELL_FORMED.test(value) ? value : null;
}

/** Fastify's `genReqId`: the proxy's X-Request-Id when well-formed, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  return wellFormedRequestId(req.headers[REQUEST_ID_HEADER]) ?? randomUUID();
}

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The id of the request whose handling is running now, or null (a job, a timer, a test calling a service). */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}

/** Runs `fn` as part of request `requestId` (tests, and anything that acts for a request later). */
export function withRequestId<T>(requestId: string | null, fn: () => T): T {
  return requestId === null ? storage.exit(fn) : storage.run({ requestId }, fn);
}

/**
 * Echoes the id in the answer's X-Request-Id and runs the handler (and its preHandler hooks after
 * this one) inside the request's context. The context starts at preHandler, after the body was
 * parsed: a body arrives through the socket's stream events, which would not carry it.
 */
export const requestContextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
    app.addHook('preHandler', (request, _reply, done) => {
      storage.run({ requestId: request.id }, done);
    });
  },
  { name: 'request-context' },
);
