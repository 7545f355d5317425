import {
  AdminAuctionBidParams,
  AdminAuctionDetail,
  AdminAuctionList,
  AdminAuctionParams,
  AdminAuctionQuery,
  AuctionSettingsInput,
  CancelAuctionInput,
  CancelBidInput,
  CreateAuctionInput,
  CreateDropInput,
  DropCreated,
  DropList,
  SecondChanceInput,
  WithdrawOfferInput,
} from '@rebound/contract/admin-auctions';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActiveStaff } from '../staff';
import * as offers from './offers';
import * as schedule from './schedule';
import * as service from './service';

/** /api/admin/auctions and /api/admin/drops (staff only: the admin guard covers the prefix). */
export async function adminAuctionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, publish } = app.deps;

  app.get(
    API.adminAuctions,
    { schema: { querystring: AdminAuctionQuery, response: { 200: AdminAuctionList } } },
    async (request) => {
      requireActiveStaff(request);
      return service.listAuctions(db, request.query);
    },
  );

  app.post(
    API.adminAuctions,
    { schema: { body: CreateAuctionInput, response: { 201: AdminAuctionDetail } } },
    async (request, reply) => {
      const staff = requireActiveStaff(request);
      const detail = await schedule.createAuction(db, staff.id, request.body, clock.now());
      return reply.status(201).send(detail);
    },
  );

  app.get(
    API.adminAuctionPattern,
    { schema: { params: AdminAuctionParams, response: { 200: AdminAuctionDetail } } },
    async (request) => {
      requireActiveStaff(request);
      return service.getAuction(db, request.params.id, clock.now());
    },
  );

  app.put(
    API.adminAuctionPattern,
    {
      schema: {
        params: AdminAuctionParams,
        body: AuctionSettingsInput,
        response: { 200: AdminAuctionDetail },
      },
    },
    async (request) => {
      const staff = requireActiveStaff(request);
      return schedule.updateAuction(db, staff.id, request.params.id, request.body, clock.now());
    },
  );

  app.post(
    API.adminAuctionCancelPattern,
    {
      schema: { params: AdminAuctionParams, body: CancelAuctionInput, response: { 200: AdminAuctionDetail } },
    },
    async (request) => {
      const staff = requireActiveStaff(request);
      return schedule.cancelAuction(
        db,
        staff.id,
        request.params.id,
        request.body.reason,
        clock.now(),
        publish,
      );
    },
  );

  app.post(
    API.adminAuctionBidCancelPattern,
    {
      schema: {
        params: AdminAuctionBidParams,
        body: CancelBidInput,
        response: { 200: AdminAuctionDetail },
      },
    },
    async (request) => {
      const staff = requireActiveStaff(request);
      return schedule.cancelBid(
        db,
        clock,
        staff.id,
        request.params.id,
        request.params.userId,
        request.body.reason || undefined,
        publish,
      );
    },
  );

  app.post(
    API.adminAuctionRelistPattern,
    {
      schema: {
        params: AdminAuctionParams,
        body: AuctionSettingsInput,
        response: { 201: AdminAuctionDetail },
      },
    },
    async (request, reply) => {
      const staff = requireActiveStaff(request);
      const detail = await schedule.relistAuction(db, staff.id, request.params.id, request.body, clock.now());
      return reply.status(201).send(detail);
    },
  );

  app.post(
    API.adminAuctionOffersPattern,
    {
      schema: {
        params: AdminAuctionParams,
        body: SecondChanceInput.optional(),
        response: { 201: AdminAuctionDetail },
      },
    },
    async (request, reply) => {
      const staff = requireActiveStaff(request);
      const body = SecondChanceInput.parse(request.body ?? {});
      const detail = await offers.createOffer(db, staff.id, request.params.id, body, clock.now(), publish);
      return reply.status(201).send(detail);
    },
  );

  app.post(
    API.adminAuctionOfferWithdrawPattern,
    {
      schema: { params: AdminAuctionParams, body: WithdrawOfferInput, response: { 200: AdminAuctionDetail } },
    },
    async (request) =>
      offers.withdrawOffer(
        db,
        requireActiveStaff(request).id,
        request.params.id,
        request.body.reason,
        clock.now(),
      ),
  );

  app.get(API.adminDrops, { schema: { response: { 200: DropList } } }, async (request) => {
    requireActiveStaff(request);
    return service.listDrops(db);
  });

  app.post(
    API.adminDrops,
    { schema: { body: CreateDropInput, response: { 201: DropCreated } } },
    async (request, reply) => {
      const staff = requireActiveStaff(request);
      return reply.status(201).send(await schedule.createDrop(db, staff.id, request.body, clock.now()));
    },
  );
}
