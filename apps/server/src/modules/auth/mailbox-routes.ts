import { DevMessagesQuery, DevMessagesResponse } from '@rebound/contract/auth';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isLoopback } from '../../lib/loopback';
import { devMessages } from './service';

const LINK = /https?:\/\/[^\s"'<>]+/g;

/** The stored headers (jsonb) as name and text pairs; anything else stored there is left out. */
function headersOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(value)) {
    if (typeof v === 'string') out[name] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[name] = String(v);
  }
  return out;
}

/**
 * The development mailbox: what the local email, SMS and push stand-ins "sent", newest first, with
 * the headers a provider would have got (List-Unsubscribe), password reset links included.
 * Registered only when DEV_MAILBOX is on (never in production), and it answers only to this machine: anyone else gets the same 404 as for a path that does not exist.
 */
export async function devMailboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const { deliveries } = app.accounts;

  app.addHook('onRequest', async (request, reply) => {
    if (isLoopback(request.ip)) return;
    reply.callNotFound();
    return reply;
  });

  app.get(
    API.devMessages,
    { schema: { querystring: DevMessagesQuery, response: { 200: DevMessagesResponse } } },
    async (request) => {
      // Emails queued a moment ago belong in the list too.
      await deliveries.settle();
      const rows = await devMessages(db, request.query);
      return {
        messages: rows.map((m) => ({
          id: m.id,
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          body: m.body,
          html: m.html,
          links: [...new Set(m.body.match(LINK) ?? [])],
          headers: headersOf(m.headers),
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },
  );
}
