import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { resolveAppSecret } from './platform/app-secret';
import { registerInstance } from './platform/instances';
import { createJobRunner, registerCleanups } from './platform/jobs';
import { createLogger, installRequestLog } from './platform/logging';
import { answerSerializer, featureRoutes, installApiDocs } from './platform/openapi';
import { installSecurityHeaders } from './platform/security-headers';
import { installMetrics } from './platform/metrics';
import { openDatabase, type DatabaseHandle } from './db/client';
import { authRoutes } from './features/auth/routes';
import { installAuthentication } from './features/auth/authenticate';
import { healthRoutes } from './features/health/routes';
import { notificationRoutes } from './features/notifications/routes';
import { announcementRoutes } from './features/announcements/routes';
import { contentRoutes } from './features/content/routes';
import { groupRoutes } from './features/groups/routes';
import { moderationRoutes } from './features/moderation/routes';
import { offerRoutes } from './features/offers/routes';
import { paymentRoutes } from './features/payments/routes';
import { moneyRoutes } from './features/payments/money-routes';
import { stripeImportRoutes } from './features/imports/stripe-import-routes';
import { keepPaidSubscriptions } from './features/imports/stripe-subscriptions';
import { profileRoutes } from './features/profiles/routes';
import { postRoutes } from './features/posts/routes';
import { sessionRoutes } from './features/sessions/routes';
import { calendarFeedRoutes, publicCalendarFeedRoutes } from './features/calendar-feed/routes';
import { seriesRoutes } from './features/sessions/series-routes';
import { registerSeriesJobs } from './features/sessions/series-jobs';
import { testModeRoutes } from './features/payments/test-mode-routes';
import { stripeWebhookRoutes } from './features/payments/webhook-routes';
import { practiceRoutes } from './features/practice/routes';
import { subscriptionRoutes } from './features/subscriptions/routes';
import { tierRoutes } from './features/tiers/routes';
import { memberImportRoutes } from './features/member-imports/routes';
import { registerMemberImportJobs } from './features/member-imports/run-import';
import type { KeepPaidSubscriptions } from './features/member-imports/keep-paid-subscriptions';
import { giftRoutes } from './features/gifts/routes';
import { registerGiftJobs } from './features/gifts/delivery';
import { uploadRoutes } from './features/uploads/routes';
import { installErrorHandling, rejectUnstorableText } from './platform/app-errors';
import { installWriteLimits } from './platform/write-limits';
import { installIdempotency } from './platform/idempotency';
import { installJsonDepthLimit } from './platform/json-body';
import { scheduleOrphanCleanup } from './features/uploads/orphans';
import { createMailer, type Mailer } from './platform/mail';
import { registerMailJobs } from './features/mail/outbox';
import { registerDigestJob } from './features/notifications/digest';
import { registerPracticeMailJob } from './features/practice/daily-mail';
import { registerNotificationMails } from './features/notifications/mails';
import { registerSessionReminders } from './features/sessions/reminders';
import { registerFeedbackPrompts } from './features/sessions/feedback';
import { afterSessionRoutes } from './features/sessions/after-routes';
import { sessionRecordingRoutes } from './features/sessions/recording-routes';
import { registerWaitlistOffers } from './features/sessions/waitlist';
import { registerPushJobs } from './features/push/jobs';
import { registerTrialReminders } from './features/subscriptions/trial-reminders';
import { registerAccessEnded } from './features/subscriptions/access-ended';
import { registerContentImportJob } from './features/content-import/job';
import { contentImportRoutes } from './features/content-import/routes';
import { pushRoutes } from './features/push/routes';
import { referralRoutes } from './features/referrals/routes';
import { emailPreferenceRoutes } from './features/notifications/email-preference-routes';
import { createRateLimiter } from './platform/rate-limit';
import { installVersionHeaders, serveWeb, webBuildId } from './platform/web';
import { createLiveHub } from './platform/realtime';
import websocket from '@fastify/websocket';
import { liveRoutes } from './features/live/routes';
import { messageRoutes } from './features/messages/routes';
import { blockRoutes } from './features/blocks/routes';
import { adminGroupRoutes } from './features/admin/group-routes';
import { adminMoneyRoutes } from './features/admin/money-routes';
import { setupRoutes } from './features/setup/routes';
import { exportRoutes } from './features/exports/routes';
import { registerExportJobs } from './features/exports/jobs';
import { siteAppRoutes, siteRoutes } from './features/site/routes';
import { adminTagRoutes } from './features/admin/tag-routes';
import { adminTierRoutes } from './features/admin/tier-routes';
import { adminUserRoutes } from './features/admin/user-routes';
import { localStorage, s3Storage } from './platform/storage';
import { stripeProvider } from './platform/payments/stripe';
import { testModeProvider } from './platform/payments/test-mode';
import { handlePaymentEvent } from './features/payments/events';
import './platform/context';

export type BuildOptions = {
  /** An already open (and migrated) database; otherwise one is opened from the config. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  /** tests: a logger of their own */
  logger?: FastifyBaseLogger;
  /** tests: the clock of the jobs that act at a member's local time (the push reminder) and of session credits' periods */
  clock?: () => Date;
  /** keeps an imported member's paid Stripe subscriptions; absent, the import only records the customer */
  keepPaidSubscriptions?: KeepPaidSubscriptions;
};

/** The whole server as one Fastify instance; used by main.ts and by every test. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: opts.logger ?? createLogger(config),
    // one line per request, with credentials taken out of the URL (platform/logging.ts)
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  // answers checked against their schema in development and tests, plain JSON in production
  app.setSerializerCompiler(answerSerializer(config.env));

  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (!opts.database) await database.migrate();
  const appSecret = await resolveAppSecret(database.db, { given: config.appSecret, dataDir: config.dataDir });
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const live = await createLiveHub(database, app.log);
  const instances = await registerInstance(database.db, live.instanceId, storageName(config));
  // started here, not after listen: routes may send jobs, and tests inject without listening
  const jobs = await createJobRunner(database, app.log);
  await registerCleanups(jobs, database.db);
  const storage = config.s3 ? s3Storage(config.s3) : localStorage(config.storageDir);
  await scheduleOrphanCleanup(jobs, database.db, storage);
  await registerMailJobs(jobs, () => app.ctx);
  await registerDigestJob(jobs, () => app.ctx);
  await registerPracticeMailJob(jobs, () => app.ctx);
  await registerNotificationMails(jobs, () => app.ctx);
  await registerSessionReminders(jobs, () => app.ctx);
  await registerWaitlistOffers(jobs, () => app.ctx);
  await registerSeriesJobs(jobs, () => app.ctx);
  await registerGiftJobs(jobs, () => app.ctx);
  await registerFeedbackPrompts(jobs, () => app.ctx);
  await registerPushJobs(jobs, () => app.ctx, opts.clock ?? (() => new Date()));
  await registerTrialReminders(jobs, () => app.ctx, opts.clock ?? (() => new Date()));
  await registerAccessEnded(jobs, () => app.ctx);
  await registerExportJobs(jobs, () => app.ctx);
  const stopImports = await registerContentImportJob(jobs, () => app.ctx);
  // a row's Stripe customer keeps its paid subscriptions on the facilitator's connected account
  await registerMemberImportJobs(jobs, () => app.ctx, {
    keepPaidSubscriptions: opts.keepPaidSubscriptions ?? ((input) => keepPaidSubscriptions(app.ctx, input)),
  });
  app.decorate('ctx', {
    config: { ...config, appSecret },
    db: database.db,
    database,
    mailer,
    limiter: createRateLimiter(database.db, config.rateLimitFactor),
    storage,
    payments: config.stripeSecretKey
      ? stripeProvider({
          secretKey: config.stripeSecretKey,
          webhookSecret: config.stripeWebhookSecret!,
          connectWebhookSecret: config.stripeConnectWebhookSecret,
          api: config.stripeApi,
        })
      : testModeProvider(database.db, () => (event) => handlePaymentEvent(app.ctx, event), {
          feePercent: config.platformFeePercent,
        }),
    live,
    jobs,
    instances,
    log: app.log,
    ...(opts.clock && { clock: opts.clock }),
  });
  // after the ctx exists: a job due at start-up (a mail left by a crash) reads it at once
  await jobs.start();
  app.addHook('onClose', async () => {
    // first: running handlers may still use the database, the mailer and the live hub
    await jobs.stop();
    await instances.close();
    await live.close();
    mailer.close();
    if (!opts.database) await database.close();
  });
  // A request in flight when the shutdown starts is answered, and its keep-alive connection then
  // closed: Node closes only the connections idle at that moment, and one idle later would hold
  // the shutdown for the whole keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    // an import in progress hands its remaining items to a new job instead of holding the shutdown
    stopImports();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  installRequestLog(app);
  installVersionHeaders(app, config.serveWeb ? webBuildId(config.webRoot) : undefined);
  installMetrics(app, config.metrics, {
    database,
    liveClients: () => live.localConnections(),
    jobs: () => jobs.stats(),
  });

  // JSON and text answers of 1 KB or more go out brotli or gzip by Accept-Encoding
  // (with Vary). Not event streams (defaults), nor media or downloads (ranges, already compressed);
  // the built assets are sent precompressed by serveWeb and are left alone here.
  // No request body is decompressed: no client of ours sends one compressed, and the hook that
  // would look for one ran before every route.
  await app.register(compress, {
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
  });

  // presigned S3 URLs and ImageKit images load from their own origins
  const s3Origins = config.s3 ? [config.s3.endpoint ? originOf(config.s3.endpoint) : 'https://*.amazonaws.com'] : [];
  await installSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(config.imagekit ? [originOf(config.imagekit.urlEndpoint)] : []),
          ...s3Origins,
        ],
        mediaSrc: ["'self'", 'blob:', ...s3Origins],
        connectSrc: ["'self'", ...(config.imagekit ? ['https://upload.imagekit.io'] : [])],
        fontSrc: ["'self'"],
        // the service worker (/sw.js) and the web app manifest (/manifest.webmanifest)
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
  });

  let spaServed = false;
  installErrorHandling(app, { spaFallback: () => spaServed });
  installJsonDepthLimit(app);
  installAuthentication(app);
  // before the write limits: a replayed answer writes nothing
  installIdempotency(app);
  installWriteLimits(app);

  // GET /api/docs: the OpenAPI document; /api/docs/: Swagger UI
  await installApiDocs(app);

  await app.register(websocket, {
    options: { maxPayload: 16 * 1024 },
    // on shutdown, 'going away' (1001): the tab reconnects, to another instance behind a proxy
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1001, 'Server shutting down');
      // new upgrades stop now; the closing handshakes finish while requests drain
      this.websocketServer.close();
      done();
    },
  });
  await app.register(multipart, { limits: { fieldSize: 64 * 1024, fields: 20, files: 1, parts: 30 } });
  await app.register(featureRoutes('health', healthRoutes));
  await app.register(featureRoutes('uploads', uploadRoutes));
  await app.register(featureRoutes('site', siteAppRoutes));
  await app.register(featureRoutes('calendar-feed', publicCalendarFeedRoutes));
  await app.register(
    async (api) => {
      api.addHook('preValidation', rejectUnstorableText);
      await api.register(featureRoutes('auth', authRoutes));
      await api.register(featureRoutes('notifications', notificationRoutes));
      await api.register(featureRoutes('announcements', announcementRoutes));
      await api.register(featureRoutes('notifications', emailPreferenceRoutes));
      await api.register(featureRoutes('tiers', tierRoutes));
      await api.register(featureRoutes('member-imports', memberImportRoutes));
      await api.register(featureRoutes('gifts', giftRoutes));
      await api.register(featureRoutes('content', contentRoutes));
      await api.register(featureRoutes('content-import', contentImportRoutes));
      await api.register(featureRoutes('practice', practiceRoutes));
      await api.register(featureRoutes('subscriptions', subscriptionRoutes));
      await api.register(featureRoutes('groups', groupRoutes));
      await api.register(featureRoutes('moderation', moderationRoutes));
      await api.register(featureRoutes('payments', paymentRoutes));
      await api.register(featureRoutes('payments', moneyRoutes));
      await api.register(featureRoutes('imports', stripeImportRoutes));
      await api.register(featureRoutes('offers', offerRoutes));
      await api.register(featureRoutes('profiles', profileRoutes));
      await api.register(featureRoutes('posts', postRoutes));
      await api.register(featureRoutes('sessions', sessionRoutes));
      await api.register(featureRoutes('calendar-feed', calendarFeedRoutes));
      await api.register(featureRoutes('sessions', seriesRoutes));
      await api.register(featureRoutes('sessions', afterSessionRoutes));
      await api.register(featureRoutes('sessions', sessionRecordingRoutes));
      await api.register(featureRoutes('messages', messageRoutes));
      await api.register(featureRoutes('blocks', blockRoutes));
      await api.register(featureRoutes('push', pushRoutes));
      await api.register(featureRoutes('referrals', referralRoutes));
      await api.register(featureRoutes('live', liveRoutes));
      await api.register(featureRoutes('admin', adminTagRoutes));
      await api.register(featureRoutes('admin', adminUserRoutes));
      await api.register(featureRoutes('admin', adminTierRoutes));
      await api.register(featureRoutes('admin', adminGroupRoutes));
      await api.register(featureRoutes('admin', adminMoneyRoutes));
      await api.register(featureRoutes('exports', exportRoutes));
      await api.register(featureRoutes('setup', setupRoutes));
      await api.register(featureRoutes('site', siteRoutes));
      // test mode's hosted pages, or Stripe's webhooks (in their own scope: they parse JSON as raw bytes)
      if (config.paymentsMode === 'stripe') await api.register(featureRoutes('payments', stripeWebhookRoutes));
      if (config.paymentsMode === 'test') await api.register(featureRoutes('payments', testModeRoutes));
    },
    { prefix: '/api' },
  );

  if (config.serveWeb) spaServed = await serveWeb(app, config.webRoot);

  return app;
}

const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[/+]json(?:;|$)|javascript|^image\/svg\+xml/;

const originOf = (url: string) => new URL(url).origin;

const storageName = (config: Config) => (config.s3 ? `s3:${config.s3.bucket}` : `local:${config.storageDir}`);
