import { DevMessagesQuery, DevMessagesResponse } from '@rebound/contract/auth';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as repo from './repository';

const LINK = /https?:\/\/[^\s"'<>]+/g;

/**
 * The development mailbox (decisions.md section 10): what the local email and SMS stand-ins
 * "sent", newest first. Registered outside production only, so there it answers 404.
 */
export async function devMailboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const { deliveries } = app.accounts;

  app.get(
    API.devMessages,
    { schema: { querystring: DevMessagesQuery, response: { 200: DevMessagesResponse } } },
    async (request) => {
      // Emails queued a moment ago belong in the list too.
      await deliveries.settle();
      const rows = await repo.listDevMessages(db, request.query);
      return {
        messages: rows.map((m) => ({
          id: m.id,
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          body: m.body,
          html: m.html,
          links: [...new Set(m.body.match(LINK) ?? [])],
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },
  );
}
