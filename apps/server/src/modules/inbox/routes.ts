import rateLimit from '@fastify/rate-limit';
import { DROP_LIST_TEXT } from '@rebound/contract/drop-list';
import {
  ContactMessageRequest,
  ContactMessageResponse,
  ListSignupRequest,
  ListSignupResponse,
} from '@rebound/contract/inbox';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sharedRateLimitOptions } from '../../lib/shared-limits';
import { CHECK_EMAIL, joinList, launchSignup } from '../launch';
import * as service from './service';

/** Per address: enough for people, too few for a script filling the tables. */
const CONTACT_PER_HOUR = 5;
const LIST_PER_HOUR = 10;

export async function inboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config } = app.deps;
  const CONTACT_LIMIT = { max: CONTACT_PER_HOUR * config.rateLimitScale, timeWindow: '1 hour' };
  const LIST_LIMIT = { max: LIST_PER_HOUR * config.rateLimitScale, timeWindow: '1 hour' };
  // Counters in this process's memory, like the sign-in limits (a later issue shares them).
  await app.register(rateLimit, sharedRateLimitOptions(app, 'inbox'));

  app.post(
    API.contactMessages,
    {
      config: { rateLimit: CONTACT_LIMIT },
      schema: { body: ContactMessageRequest, response: { 201: ContactMessageResponse } },
    },
    async (request, reply) => {
      reply.status(201);
      return service.receiveContactMessage(db, clock, request.user, request.body);
    },
  );

  app.post(
    API.listSignups,
    {
      config: { rateLimit: LIST_LIMIT },
      schema: { body: ListSignupRequest, response: { 201: ListSignupResponse } },
    },
    async (request, reply) => {
      reply.status(201);
      // Locked, the forms (seen by staff and bypassed browsers) join the launch list; open, the
      // new-drops email (docs/decisions/045-texts-that-are-true.md). Both double opt-in.
      if (await app.launch.lock.locked()) {
        await launchSignup({ db, clock, config, ...app.launch }, request.body);
        return { ...CHECK_EMAIL };
      }
      await joinList(
        { db, clock, publicUrl: config.publicUrl, emailLimit: app.launch.emailLimit },
        'drops',
        request.body,
      );
      return { title: DROP_LIST_TEXT.checkEmailTitle, message: DROP_LIST_TEXT.checkEmailMessage };
    },
  );
}
