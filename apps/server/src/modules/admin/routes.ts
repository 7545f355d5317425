import { AuditQuery, AuditResponse } from '@rebound/contract/admin';
import { DashboardResponse } from '@rebound/contract/admin-dashboard';
import {
  ApproveBiddingBody,
  BidLimitBody,
  NotesBody,
  PeopleQuery,
  PeopleResponse,
  PersonDetail,
  ReasonBody,
  RoleBody,
} from '@rebound/contract/admin-people';
import { Uuid } from '@rebound/contract/common';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { removeUserStrike } from '../admin-orders';
import { listAudit, requireActiveStaff } from '../staff';
import { dashboard } from './dashboard';

import * as people from './people';

const PersonParams = z.object({ id: Uuid });
const StrikeParams = z.object({ id: Uuid, strikeId: Uuid });

/**
 * The back-office's own endpoints (audit log, dashboard, people). The staff guard is added to
 * every /api/admin route by adminGuardPlugin (guard.ts); handlers that record who acted read the
 * staff member with requireActiveStaff.
 */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, publish } = app.deps;
  const deps: people.PeopleDeps = { db, clock, publish };

  app.get(
    API.adminAudit,
    { schema: { querystring: AuditQuery, response: { 200: AuditResponse } } },
    async (request) => listAudit(db, request.query),
  );

  app.get(API.adminDashboard, { schema: { response: { 200: DashboardResponse } } }, async () =>
    dashboard(db, clock.now()),
  );

  app.get(
    API.adminPeople,
    { schema: { querystring: PeopleQuery, response: { 200: PeopleResponse } } },
    async (request) => people.listPeople(deps, request.query),
  );

  app.get(
    API.adminPersonPattern,
    { schema: { params: PersonParams, response: { 200: PersonDetail } } },
    async (request) => people.personDetail(deps, request.params.id),
  );

  // Suspend and restore: the same call, one flag apart.
  for (const [pattern, suspended] of [
    [API.adminPersonSuspendPattern, true],
    [API.adminPersonRestorePattern, false],
  ] as const) {
    app.post(
      pattern,
      { schema: { params: PersonParams, body: ReasonBody, response: { 200: PersonDetail } } },
      async (request) => {
        const { id } = request.params;
        await people.setSuspended(deps, requireActiveStaff(request), id, suspended, request.body.reason);
        return people.personDetail(deps, id);
      },
    );
  }

  app.put(
    API.adminPersonRolePattern,
    { schema: { params: PersonParams, body: RoleBody, response: { 200: PersonDetail } } },
    async (request) => {
      await people.setRole(deps, requireActiveStaff(request), request.params.id, request.body);
      return people.personDetail(deps, request.params.id);
    },
  );

  app.put(
    API.adminPersonBidLimitPattern,
    { schema: { params: PersonParams, body: BidLimitBody, response: { 200: PersonDetail } } },
    async (request) => {
      await people.setBidLimit(deps, requireActiveStaff(request), request.params.id, request.body);
      return people.personDetail(deps, request.params.id);
    },
  );

  app.post(
    API.adminPersonApproveBiddingPattern,
    { schema: { params: PersonParams, body: ApproveBiddingBody, response: { 200: PersonDetail } } },
    async (request) => {
      await people.approveBidding(deps, requireActiveStaff(request), request.params.id, request.body);
      return people.personDetail(deps, request.params.id);
    },
  );

  app.put(
    API.adminPersonNotesPattern,
    { schema: { params: PersonParams, body: NotesBody, response: { 200: PersonDetail } } },
    async (request) => {
      await people.setNotes(deps, requireActiveStaff(request), request.params.id, request.body);
      return people.personDetail(deps, request.params.id);
    },
  );

  app.post(
    API.adminPersonStrikeRemovePattern,
    { schema: { params: StrikeParams, body: ReasonBody, response: { 200: PersonDetail } } },
    async (request) => {
      // The same rule as from an order's page (decision 014: below the threshold again, a strikes
      // suspension is lifted; a suspension staff set by hand stays).
      if (!(await people.personExists(deps, request.params.id))) throw new AppError('person_not_found');
      await removeUserStrike(
        { ...deps, publish: app.deps.publish },
        requireActiveStaff(request),
        request.params.id,
        request.params.strikeId,
        request.body.reason,
      );
      return people.personDetail(deps, request.params.id);
    },
  );
}
