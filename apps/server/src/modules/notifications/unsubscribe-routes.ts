import { API } from '@rebound/contract/routes';
import { UnsubscribeInfo, UnsubscribeQuery, UnsubscribeResponse } from '@rebound/contract/unsubscribe';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './unsubscribe-service';

/** A mail client's one-click body is 'List-Unsubscribe=One-Click' (RFC 8058 §3.2); little else fits. */
const FORM_BODY_LIMIT = 4096;

/**
 * /api/unsubscribe?token=…: GET describes the link (for the web page; it never unsubscribes, since
 * link scanners and previews fetch links), POST unsubscribes. POST comes from a mail client's
 * one-click (multipart/form-data or application/x-www-form-urlencoded, RFC 8058) or from the web
 * page (JSON). The token is the credential: no session, and nothing for a forged request to gain.
 */
export async function unsubscribeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config } = app.deps;

  // Only inside this plugin: the form bodies are accepted and not read (the token says it all).
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, _body, done) => done(null, {}),
  );

  app.get(
    API.unsubscribe,
    { schema: { querystring: UnsubscribeQuery, response: { 200: UnsubscribeInfo } } },
    async (request) => service.describeUnsubscribe(db, clock, config.authSecret, request.query.token),
  );

  app.post(
    API.unsubscribe,
    { schema: { querystring: UnsubscribeQuery, response: { 200: UnsubscribeResponse } } },
    async (request) => service.unsubscribe(db, clock, config.authSecret, request.query.token),
  );
}
