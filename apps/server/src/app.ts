import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { errorMessage } from '@rebound/contract/errors';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createPaymentProvider } from './adapters/payments';
import type { PaymentProvider } from './adapters/payments/types';
import type { Config } from './config';
import type { Database } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import { errorHandler } from './lib/error-handler';
import { AppError } from './lib/errors';
import { findBadInput } from './lib/input-guard';
import { JobStatus } from './lib/job-status';
import { fastifyLogOptions, requestLogPlugin } from './lib/logging';
import { hubPublisher, type Publisher } from './lib/publish';
import { requestContextPlugin, requestIdOf } from './lib/request-context';
import { securityHeadersPlugin, socketOrigin } from './lib/security-headers';
import { closeConnectionsWhileClosing } from './lib/shutdown';
import { adminRoutes } from './modules/admin';
import { adminAuctionsRoutes } from './modules/admin-auctions';
import { adminCatalogueRoutes, mediaPreviewRoutes } from './modules/admin-catalogue';
import { adminImportRoutes } from './modules/admin-import';
import { adminMessagesRoutes } from './modules/admin-messages';
import { adminOrdersRoutes } from './modules/admin-orders';
import { cancelAuction } from './modules/auctions';
import { authPlugin, sessionStates } from './modules/auth';
import { bidGroupRoutes, replanGroupsAfterBids } from './modules/bid-groups';
import { biddingRoutes, onBidsCommitted } from './modules/bidding';
import { catalogRoutes } from './modules/catalog';
import { checkoutRoutes, stripeWebhookRoutes, testCheckoutRoutes } from './modules/checkout';
import { deskMarkKindOf, deskMarksRoutes } from './modules/desk-marks';
import { inboxRoutes } from './modules/inbox';
import { dropListRoutes, launchPlugin } from './modules/launch';
import { ledgerRoutes } from './modules/ledger';
import {
  createOutboxSender,
  notificationRoutes,
  type OutboxSender,
  outboxSenderPlugin,
  pushRoutes,
  unsubscribeRoutes,
} from './modules/notifications';
import { offersRoutes } from './modules/offers';
import { ordersRoutes } from './modules/orders';
import { pickupRoutes } from './modules/pickup';
import { returnInfoForOrders, returnsRoutes } from './modules/returns';
import { savedSearchRoutes } from './modules/saved-searches';
import { seoRoutes } from './modules/seo';
import { signalsRoutes } from './modules/signals';
import { spendingRoutes } from './modules/spending';
import { adminGuardPlugin } from './modules/staff';
import { storageFeeRoutes } from './modules/storage-fees';
import {
  metricsPlugin,
  openapiPlugin,
  openapiRoutes,
  operationsRoutes,
  privateAnswersPlugin,
  systemRoutes,
} from './modules/system';
import { taxRegistrationRoutes } from './modules/tax-registration';
import { watchlistRoutes } from './modules/watchlist';
import { registerWebApp } from './modules/web';
import { localHub, postgresHub, type RealtimeHub } from './realtime/hub';
import { realtimeRoutes } from './realtime/routes';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Realtime fan-out; by default NOTIFY-based on PostgreSQL, in-process on PGlite. */
  hub?: RealtimeHub;
  /** The hosted checkout; by default from the configuration (adapters/payments). */
  payments?: PaymentProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: {
      config: Config;
      database: Database;
      db: Database['db'];
      clock: Clock;
      hub: RealtimeHub;
      /** Realtime events after commit: every service and job publishes through it (lib/publish.ts). */
      publish: Publisher;
      payments: PaymentProvider;
      /** The outbox sender (email, SMS, push); its job starts with the others (jobs/runner.ts). */
      sender: OutboxSender;
      /** What this server's interval jobs did (jobs/runner.ts records, /metrics reads). */
      jobs: JobStatus;
      /** This server's open realtime sockets (realtime/routes.ts counts, the operator page reads). */
      live: { openSockets: number };
    };
  }
}

/** A /media path (after the prefix) under the return photos' folder, however it is spelled. */
function isReturnPhotoPath(pathName: string): boolean {
  let decoded = pathName;
  try {
    decoded = decodeURIComponent(pathName);
  } catch {
    return true;
  }
  return /^\/*returns(\/|$)/.test(path.posix.normalize(`/${decoded.replaceAll('\\', '/')}`));
}

/** Builds the whole HTTP app. Tests call it and use `app.inject`; main.ts only listens. */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  hub,
  payments,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // JSON lines or one readable line per request, secrets redacted (lib/logging.ts, decision 032).
    ...fastifyLogOptions(config),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // A request that reached the server before a shutdown began is answered, not refused with 503
    // (lib/shutdown.ts, docs/decisions/063-upgrades-without-stopping-bids.md).
    return503OnClosing: false,
    // The log id: the proxy's X-Request-Id when well-formed, else a new one (lib/request-context.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Malformed URLs and odd paths get a 4xx from the router, never a crash.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors(err, _request, rawReply) {
      const reply = rawReply as unknown as FastifyReply;
      const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
      return reply
        .status(status)
        .send({ error: { code: 'bad_request', message: errorMessage('bad_request') } });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  closeConnectionsWhileClosing(app);
  const realtime =
    hub ??
    (database.kind === 'postgres' && database.url ? await postgresHub(database.url, app.log) : localHub());
  app.decorate('deps', {
    config,
    database,
    db: database.db,
    clock,
    hub: realtime,
    publish: hubPublisher(realtime, app.log),
    payments: payments ?? createPaymentProvider(config, database.db, clock),
    sender: createOutboxSender({ config, db: database.jobsDb, clock, log: app.log }),
    jobs: new JobStatus(),
    live: { openSockets: 0 },
  });
  const offPoolErrors = database.onError((err) => app.log.error({ err }, 'database pool error'));
  // A committed bid re-plans at once the bid groups on its auction (decision 095); the job
  // bidGroups.drive catches up whatever this misses.
  const offBidGroups = onBidsCommitted(async (c) => {
    if (c.db !== database.db) return;
    await replanGroupsAfterBids(c.db, c.clock, c.publish, [c.auctionId]);
  });
  app.addHook('onClose', async () => {
    offPoolErrors();
    offBidGroups();
    if (!hub) await realtime.close();
  });

  // First: every answer, even a refusal by a later hook, echoes the request id.
  await app.register(requestContextPlugin);
  // helmet's headers, worked out once with these options rather than on every request (decision 039).
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the back-office's barcode reader compile its WebAssembly (our own
        // file, docs/decisions/093); it allows no eval of script text.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Toasts and dialogs inject style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Requests and the realtime socket to this site only (never ws:/wss: to any host).
        connectSrc: ["'self'", socketOrigin(config.publicUrl)],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Answers made per request (API JSON, pages) are compressed on the fly, brotli at a quick level;
  // the web app's files are compressed once at build time and sent as they are (web/routes.ts).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  app.setErrorHandler(errorHandler);

  // The one input guard (lib/input-guard.ts): a NUL character or half of a UTF-16 pair anywhere in
  // the params, query or body (keys too) is a clear 400 before validation, never a 500 or U+FFFD.
  app.addHook('preValidation', async (request) => {
    if (request.url.includes('%00')) throw new AppError('invalid_characters');
    const parts = { params: request.params, query: request.query, body: request.body };
    for (const [part, value] of Object.entries(parts)) {
      const bad = findBadInput(value);
      if (!bad) continue;
      if (bad.kind === 'nul') throw new AppError('invalid_characters');
      const field = bad.path || part;
      throw new AppError('unpaired_surrogate', {
        params: { field },
        details: [{ path: bad.path, message: errorMessage('unpaired_surrogate', { field }) }],
      });
    }
  });

  // Before any route: the OpenAPI document is made from the routes registered after it.
  await app.register(openapiPlugin);
  await app.register(requestLogPlugin);
  await app.register(privateAnswersPlugin);
  await app.register(outboxSenderPlugin);
  // Before any route: puts the staff guard on every /api/admin route, wherever it is declared.
  await app.register(adminGuardPlugin);
  await app.register(authPlugin);
  // Pre-launch mode: the lock decides every request once the session is known.
  await app.register(launchPlugin);
  await app.register(metricsPlugin);
  await app.register(systemRoutes);
  await app.register(operationsRoutes);
  await app.register(openapiRoutes);
  await app.register(catalogRoutes);
  await app.register(seoRoutes);
  await app.register(biddingRoutes);
  await app.register(bidGroupRoutes);
  await app.register(watchlistRoutes);
  await app.register(spendingRoutes);
  await app.register(inboxRoutes);
  await app.register(dropListRoutes);
  await app.register(ordersRoutes, {
    returnInfo: (orders: { id: string; status: string }[]) =>
      returnInfoForOrders({ db: app.deps.db, clock: app.deps.clock }, orders),
  });
  // The hand-over refuses a marked item: pickup reads the mark through desk-marks' door, given here
  // (desk-marks refunds through refunds, which frees pickup places; docs/decisions/084).
  await app.register(pickupRoutes, { deskMarkOf: deskMarkKindOf });
  await app.register(storageFeeRoutes);
  await app.register(ledgerRoutes);
  await app.register(savedSearchRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(notificationRoutes);
  await app.register(pushRoutes);
  await app.register(checkoutRoutes);
  await app.register(offersRoutes);
  await app.register(testCheckoutRoutes);
  // Its own plugin: the Stripe webhook reads its body as raw bytes (signature), nothing else does.
  await app.register(stripeWebhookRoutes);
  // The socket checks sessions through auth's query, handed down: realtime/ imports no module.
  await app.register(realtimeRoutes, { sessionStates: (tokens) => sessionStates(app.deps.db, tokens) });
  // The back-office: other areas' /api/admin routes register beside it.
  await app.register(adminRoutes);
  await app.register(signalsRoutes);
  await app.register(adminOrdersRoutes);
  await app.register(deskMarksRoutes);
  // Withdrawing a product cancels its open auctions through the auctions module's one cancel path.
  await app.register(adminCatalogueRoutes, { cancelAuction });
  await app.register(adminAuctionsRoutes);
  await app.register(adminImportRoutes);
  await app.register(adminMessagesRoutes);
  await app.register(taxRegistrationRoutes);
  await app.register(returnsRoutes);
  // Link previews of seeded SVG pictures: a JPEG made once (decision 023).
  await app.register(mediaPreviewRoutes);

  await mkdir(config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: path.resolve(config.mediaDir),
    prefix: '/media/',
    decorateReply: false,
    // Return photos are a shopper's own: only the session-checked /api/returns/:id/photos/:photoId
    // serves them (returns/routes.ts); catalogue images stay public.
    allowedPath: (pathName) => !isReturnPhotoPath(pathName),
    maxAge: '7d',
    immutable: true,
  });

  await registerWebApp(app);

  return app;
}
