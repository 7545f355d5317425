import {
  ContactDetail,
  ContactListQuery,
  ContactListResponse,
  ContactReplyBody,
  DeadLetterActionResponse,
  DeadLetterQuery,
  DeadLetterResponse,
  MessagesSummary,
} from '@rebound/contract/admin-messages';
import { Uuid } from '@rebound/contract/common';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActiveStaff } from '../staff';
import * as service from './service';

const Params = z.object({ id: Uuid });

/**
 * /api/admin/messages: the contact inbox and the dead letters (staff only: the admin guard covers
 * the prefix). A reply's email and a retried message go out through the outbox; the sender is
 * woken after the answer (outboxSenderPlugin), so nothing is sent inside the request.
 */
export async function adminMessagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;

  app.get(API.adminMessagesSummary, { schema: { response: { 200: MessagesSummary } } }, async () =>
    service.summary(db),
  );

  app.get(
    API.adminContactMessages,
    { schema: { querystring: ContactListQuery, response: { 200: ContactListResponse } } },
    async (request) => service.listContact(db, request.query),
  );

  app.get(
    API.adminContactMessagePattern,
    { schema: { params: Params, response: { 200: ContactDetail } } },
    async (request) => service.contactDetail(db, request.params.id),
  );

  app.post(
    API.adminContactMessageReplyPattern,
    { schema: { params: Params, body: ContactReplyBody, response: { 200: ContactDetail } } },
    async (request) => {
      const staff = requireActiveStaff(request);
      return service.reply(db, staff.id, request.params.id, request.body.reply, clock.now());
    },
  );

  app.post(
    API.adminContactMessageClosePattern,
    { schema: { params: Params, response: { 200: ContactDetail } } },
    async (request) => {
      const staff = requireActiveStaff(request);
      return service.close(db, staff.id, request.params.id, clock.now());
    },
  );

  app.post(
    API.adminContactMessageReopenPattern,
    { schema: { params: Params, response: { 200: ContactDetail } } },
    async (request) => {
      const staff = requireActiveStaff(request);
      return service.reopen(db, staff.id, request.params.id);
    },
  );

  app.get(
    API.adminDeadLetters,
    { schema: { querystring: DeadLetterQuery, response: { 200: DeadLetterResponse } } },
    async (request) => service.listDeadLetters(db, request.query),
  );

  app.post(
    API.adminDeadLetterRetryPattern,
    { schema: { params: Params, response: { 200: DeadLetterActionResponse } } },
    async (request) => {
      const staff = requireActiveStaff(request);
      return service.retry(db, staff.id, request.params.id, clock.now());
    },
  );

  app.post(
    API.adminDeadLetterDiscardPattern,
    { schema: { params: Params, response: { 200: DeadLetterActionResponse } } },
    async (request) => {
      const staff = requireActiveStaff(request);
      return service.discard(db, staff.id, request.params.id);
    },
  );
}
