import rateLimit from '@fastify/rate-limit';
import {
  AdminLaunchAnnounceRequest,
  AdminLaunchAnnounceResponse,
  AdminLaunchSignupsQuery,
  AdminLaunchSignupsResponse,
  AdminLaunchStatsResponse,
  AdminSiteSettings,
  AdminSiteSettingsUpdate,
  LAUNCH_TEXT,
  LaunchSignupRequest,
  LaunchSignupResponse,
  LaunchStatusResponse,
  LaunchUnlockRequest,
} from '@rebound/contract/launch';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { sharedRateLimitOptions } from '../../lib/shared-limits';
import { requireActiveStaff } from '../staff';
import * as service from './service';
import { confirmSignup } from './signup-lists';
import { bypassCookie, verifyBypassToken } from './tokens';
import { viewerOf } from './viewer';

/** Per address (IP): enough for a household or an office, too few for a script filling the list. */
export const SIGNUPS_PER_ADDRESS_PER_HOUR = 10;
const UNLOCKS_PER_ADDRESS_PER_HOUR = 30;
const CONFIRMS_PER_ADDRESS_PER_HOUR = 60;

/** The launch list and the lock's own routes (registered by launchPlugin, lock.ts). */
export async function launchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config } = app.deps;
  const deps: service.LaunchDeps = { db, clock, config, ...app.launch, log: app.log };
  const scale = config.rateLimitScale;
  const perHour = (max: number) => ({ rateLimit: { max: max * scale, timeWindow: '1 hour' } });
  await app.register(rateLimit, sharedRateLimitOptions(app, 'launch'));
  const secure = config.publicUrl.startsWith('https://');
  const setBypass = (reply: FastifyReply, token: string) =>
    reply.header('set-cookie', bypassCookie(token, secure)).header('cache-control', 'no-store');

  app.post(
    API.launchSignup,
    {
      config: perHour(SIGNUPS_PER_ADDRESS_PER_HOUR),
      schema: { body: LaunchSignupRequest, response: { 200: LaunchSignupResponse } },
    },
    async (request, reply) => {
      const outcome = await service.signup(deps, request.body);
      if (outcome.kind === 'bypass') {
        setBypass(reply, outcome.unlockToken);
        return {
          title: LAUNCH_TEXT.unlockedTitle,
          message: LAUNCH_TEXT.unlockedMessage,
          bypass: true,
          unlockToken: outcome.unlockToken,
        };
      }
      return { ...service.CHECK_EMAIL, bypass: false };
    },
  );

  app.post(
    API.launchUnlock,
    {
      config: perHour(UNLOCKS_PER_ADDRESS_PER_HOUR),
      schema: { body: LaunchUnlockRequest, response: { 200: LaunchSignupResponse } },
    },
    async (request, reply) => {
      const ok = verifyBypassToken(
        config.authSecret,
        config.launch.bypassEmail,
        request.body.token,
        clock.now(),
      );
      if (!ok) throw new AppError('forbidden');
      setBypass(reply, request.body.token);
      return { title: LAUNCH_TEXT.unlockedTitle, message: LAUNCH_TEXT.unlockedMessage, bypass: true };
    },
  );

  app.get(
    API.launchConfirm,
    {
      config: perHour(CONFIRMS_PER_ADDRESS_PER_HOUR),
      schema: { querystring: z.object({ token: z.unknown().optional() }) },
    },
    async (request, reply) => {
      const to = await confirmSignup(deps, 'launch', request.query.token);
      return reply.header('cache-control', 'no-store').redirect(to, 303);
    },
  );

  app.get(
    API.launchStatus,
    { schema: { response: { 200: LaunchStatusResponse } } },
    async (request, reply) => {
      const v = await viewerOf(app, request);
      reply.header('cache-control', 'no-store');
      return { locked: v.locked, canSeeStore: v.canSeeStore, isStaff: v.isStaff };
    },
  );

  // ── Staff (the admin guard covers /api/admin) ──────────────────────────────────────────────

  app.get(API.adminLaunchStats, { schema: { response: { 200: AdminLaunchStatsResponse } } }, async () =>
    service.stats(db),
  );

  app.get(
    API.adminLaunchSignups,
    { schema: { querystring: AdminLaunchSignupsQuery, response: { 200: AdminLaunchSignupsResponse } } },
    async (request) => service.listSignups(db, request.query),
  );

  app.get(API.adminLaunchExport, async (request, reply) => {
    const { csv } = await service.exportConfirmed(db, requireActiveStaff(request));
    const day = clock.now().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="rebound-launch-list-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.post(
    API.adminLaunchAnnounce,
    { schema: { body: AdminLaunchAnnounceRequest, response: { 200: AdminLaunchAnnounceResponse } } },
    async (request) => service.announce(deps, requireActiveStaff(request)),
  );

  app.get(API.adminSettings, { schema: { response: { 200: AdminSiteSettings } } }, async () =>
    service.readSettings(deps),
  );

  app.put(
    API.adminSettings,
    { schema: { body: AdminSiteSettingsUpdate, response: { 200: AdminSiteSettings } } },
    async (request) => service.updateSettings(deps, requireActiveStaff(request), request.body),
  );
}
