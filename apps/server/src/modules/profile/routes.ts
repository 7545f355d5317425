import {
  NewDropsEmailRequest,
  ProfileResponse,
  ProfileUpdateResponse,
  UpdateLocationRequest,
  UpdateNotificationSettingsRequest,
  UpdatePhoneRequest,
  UpdateSpendingLimitRequest,
} from '@rebound/contract/profile';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/auth-context';
import * as service from './service';

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;
  const deps: service.ProfileDeps = { db, log: app.log };

  app.get(API.profile, { schema: { response: { 200: ProfileResponse } } }, async (request) => {
    const user = requireUser(request);
    return { profile: await service.getProfile(db, user.id) };
  });

  app.patch(
    API.profilePhone,
    { schema: { body: UpdatePhoneRequest, response: { 200: ProfileUpdateResponse } } },
    async (request) => service.updatePhone(deps, requireUser(request).id, request.body.phone, clock.now()),
  );

  app.patch(
    API.profileLocation,
    { schema: { body: UpdateLocationRequest, response: { 200: ProfileUpdateResponse } } },
    async (request) =>
      service.updateLocation(deps, requireUser(request).id, request.body.locationId, clock.now()),
  );

  app.patch(
    API.profileSpendingLimit,
    { schema: { body: UpdateSpendingLimitRequest, response: { 200: ProfileUpdateResponse } } },
    async (request) =>
      service.updateSpendingLimit(deps, requireUser(request).id, request.body.spendingLimit, clock.now()),
  );

  app.patch(
    API.profileNotificationSettings,
    { schema: { body: UpdateNotificationSettingsRequest, response: { 200: ProfileUpdateResponse } } },
    async (request) =>
      service.updateNotificationSettings(deps, requireUser(request).id, request.body.settings, clock.now()),
  );

  app.post(
    API.profileNewDropsEmail,
    { schema: { body: NewDropsEmailRequest, response: { 200: ProfileUpdateResponse } } },
    async (request) => service.joinNewDropsEmail(deps, requireUser(request).id, clock.now()),
  );
}
