import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import pino from "pino";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { ViteDevServer } from "vite";
import { apiPlugin } from "./api.ts";
import type { Config } from "./config.ts";
import { openDatabase } from "./db/connection.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { sharedTokenSecret } from "./db/token-secret.ts";
import { createNotifier } from "./mail/smtp.ts";
import type { Notifier } from "./mail/notifier.ts";
import { createStorage } from "./media/create-storage.ts";
import { registerMediaRoutes } from "./media/media-routes.ts";
import { registerIdentityFiles } from "./modules/identity/routes.ts";
import { registerOpenApi } from "./openapi.ts";
import {
  closeAfterEarlyAnswers,
  refuseEncodedBodies,
  watchSlowBodies,
  type BodyTimeouts,
} from "./plugins/body-limits.ts";
import { registerErrorHandler, rawErrorAnswer } from "./plugins/error-handler.ts";
import { registerIdempotency } from "./plugins/idempotency.ts";
import { registerRateLimits } from "./plugins/rate-limits.ts";
import { createRequestIds } from "./plugins/request-id.ts";
import { logAbortedRequests, RequestLogController } from "./plugins/request-log.ts";
import { allowMarketingTagHosts } from "./modules/marketing-tags/csp.ts";
import { registerSecurityHeaders, staticSecurityHeaders } from "./plugins/security-headers.ts";
import { keepAuditForAYear } from "./modules/audit/retention.ts";
import { connectScaleOut } from "./scale-out.ts";
import { createServices, type Services } from "./services.ts";
import { allowPaystackFormAction } from "./modules/payments/form-action.ts";
import { checkoutOrigins } from "./modules/payments/service.ts";
import { PRODUCTION_HASH_COST } from "./modules/staff/password.ts";
import { beaconAtTheDoor } from "./modules/traffic/beacon-door.ts";
import { registerRedirects } from "./modules/redirects/hooks.ts";
import { createCdnPurger } from "./web/cdn-purge.ts";
import { redirectToCanonicalPaths } from "./web/canonical-path.ts";
import { FrontDoor } from "./web/front-door.ts";
import { pagesPlugin } from "./web/pages.ts";
import { registerRenderCache, RenderCache } from "./web/render-cache.ts";
import { registerStaticFiles } from "./web/static-files.ts";
import { createBrandPictures } from "./web/brand-pictures.ts";
import { IDENTITY_TOPIC } from "./modules/identity/service.ts";

export interface BuildOptions {
  /** Serve the React Router site (off for API-only tests). */
  web?: boolean;
  /** Vite's dev server, given by `react-router dev`. */
  devServer?: ViteDevServer;
  /** Where `react-router build` wrote its output (default: config.buildDir). */
  buildDirectory?: string;
  logger?: boolean;
  /** Where log lines go (default: stdout). */
  logStream?: NodeJS.WritableStream;
  /** How slowly a request body may arrive (tests shorten it; default BODY_TIMEOUTS). */
  bodyTimeouts?: BodyTimeouts;
  /** How long a request's headers may take to arrive (tests shorten it; default 30 s). */
  headersTimeoutMs?: number;
  /** Replace the mail notifier (tests). */
  notifier?: Notifier;
  /** Milliseconds since the epoch for the post scheduler, visibility and the mail outbox (tests). */
  clock?: () => number;
  /** How often the visit counts and redirect hits are written (ms; 0: only on flush(), for tests). */
  trafficFlushMs?: number;
  /** How long an import waits for one picture of the old site (ms; tests shorten it). */
  importPictureTimeoutMs?: number;
}

/**
 * stdout for the log, written in blocks of 8 KB and at least every second instead of one
 * blocking write per line: under load the request lines of many requests leave in one
 * write. pino flushes what is left when the process exits.
 */
function bufferedStdout() {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 8 * 1024 });
  setInterval(() => {
    try {
      destination.flush();
    } catch {
      // destroyed at exit: nothing left to write
    }
  }, 1000).unref();
  return destination;
}

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    /** Public pages and API lists in memory (absent when RENDER_CACHE=false). */
    renderCache?: RenderCache;
  }
}

/** Builds the whole server without listening: main, scripts and tests all use it. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const securityHeaders = staticSecurityHeaders(config);
  // Answers that are the same for everyone are written from memory before Fastify.
  const requestId = createRequestIds(config.trustProxy);
  const door = new FrontDoor(requestId);
  const app = Fastify({
    genReqId: requestId,
    requestIdHeader: false,
    serverFactory: door.serverFactory({ headersTimeoutMs: options.headersTimeoutMs }),
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            stream: options.logStream ?? bufferedStdout(),
          },
    // One line per request, written when it ends (plugins/request-log.ts).
    logController: new RequestLogController(),
    trustProxy: config.trustProxy,
    bodyLimit: 100 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // No total time for a request: a large upload on a slow link takes minutes. Slow
    // bodies are ended by a minimum rate instead (watchSlowBodies); headers must arrive
    // within HEADERS_TIMEOUT_MS (the server factory), and an idle socket is closed after 60 s.
    requestTimeout: 0,
    connectionTimeout: 60_000,
    keepAliveTimeout: 5_000,
    return503OnClosing: true,
    // Errors Fastify meets before routing (a malformed %-escape, a bad content type) get
    // the same `{ "error": "…" }` body and security headers as every other answer.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as unknown as FastifyReply)
        .code(status)
        .headers(securityHeaders)
        .header("x-request-id", request.id)
        .send({
          error: error.code === "FST_ERR_BAD_URL" ? "The address is malformed." : error.message,
        });
    },
    // A request Node's parser refuses (a broken request line, headers too large).
    clientErrorHandler: (error, socket) => {
      if ((error as NodeJS.ErrnoException).code === "ECONNRESET" || socket.destroyed) return;
      if (socket.writable) socket.write(rawErrorAnswer(error, securityHeaders));
      socket.destroy(error);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const database = await openDatabase(config.database, { log: app.log });
  try {
    await migrateToLatest(
      database.db,
      config.database.kind === "postgres" ? config.database.schema : undefined,
    );
  } catch (error) {
    await database.close();
    throw error;
  }
  const notifier =
    options.notifier ??
    createNotifier(config, app.log, {
      // Read when a mail is sent, by then the services below are there.
      agencyName: async () => (await app.services.identity.get()).name,
      mail: () => (app.hasDecorator("services") ? app.services.mailSettings : undefined),
    });
  if (!config.tokenSecret) {
    try {
      config = { ...config, tokenSecret: await sharedTokenSecret(database.db, config.dataDir) };
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  const services = createServices({
    config,
    database,
    storage: createStorage(config, app.log),
    notifier,
    log: app.log,
    clock: options.clock,
    trafficFlushMs: options.trafficFlushMs,
    importPictureTimeoutMs: options.importPictureTimeoutMs,
  });
  app.decorate("services", services);
  app.addHook("onClose", async () => {
    // The import job first: its current item ends and its lease goes back (issue 51).
    await services.imports.close();
    services.blogs.close();
    await services.payments.close();
    await services.outbox.close();
    await services.newsletterWorker.close();
    await notifier.close();
    await database.close();
  });

  if (config.env === "production" && config.passwordHashCost < PRODUCTION_HASH_COST) {
    app.log.warn(
      `PASSWORD_HASH_COST=${config.passwordHashCost} hashes new passwords below the production cost ${PRODUCTION_HASH_COST}: for tests only (README: Settings)`,
    );
  }
  if (config.trustProxy === true) {
    app.log.warn(
      "TRUST_PROXY=true believes any client's X-Forwarded-For: give the proxy's addresses instead (README: Behind a proxy)",
    );
  }
  door.useLog(app.log);
  // Page-view beacons before Fastify (issue 33): the same counting as their route.
  door.add(
    beaconAtTheDoor({
      door,
      traffic: services.traffic,
      trustProxy: config.trustProxy,
      securityHeaders,
    }),
  );
  // First of the hooks: every answer Fastify writes names its request, errors included.
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  app.addHook("preClose", async () => {
    door.closing = true;
  });
  app.addHook("onClose", async () => door.flushLog());
  const buildDirectory = path.resolve(options.buildDirectory ?? config.buildDir);
  if (options.web !== false && !options.devServer) {
    // The client build's files, from memory, before any other hook (web/static-files.ts).
    // The built-in pictures follow the stored identity's colours and name (decision 0049).
    const pictures = createBrandPictures({
      identity: services.identity.get,
      changes: services.changes,
      topic: IDENTITY_TOPIC,
      log: app.log,
    });
    registerStaticFiles(app, door, path.join(buildDirectory, "client"), securityHeaders, pictures);
  }
  // Not under `react-router dev`: a page edited there must show on the next reload.
  if (config.renderCacheBytes > 0 && !options.devServer) {
    // First of the hooks: a stored page is answered before anything else runs.
    const purger = config.cdnPurge ? createCdnPurger(config.cdnPurge, app.log) : undefined;
    const cache = new RenderCache({
      maxBytes: config.renderCacheBytes,
      // With a purge hook the CDN hears of every write and may keep pages for a day.
      sharedMaxAge: purger ? 86_400 : 60,
      now: options.clock,
    });
    app.decorate("renderCache", cache);
    registerRenderCache(app, {
      cache,
      door,
      changes: services.changes,
      log: app.log,
      onInvalidate: purger?.request,
      canStore: () => !database.availability.down,
    });
    if (purger) app.addHook("onClose", async () => purger.close());
  }
  logAbortedRequests(app);
  watchSlowBodies(app, options.bodyTimeouts);
  closeAfterEarlyAnswers(app);
  await registerSecurityHeaders(app, config, { dev: options.devServer !== undefined });
  // The checkout and invoice pages' forms are answered with a 303 to Paystack (issue 49).
  allowPaystackFormAction(app, checkoutOrigins(config.paystack));
  // The hosts of the agency's own marketing tags, only while one is on (issue 50).
  allowMarketingTagHosts(app, services.marketingTags.get);
  // Old addresses (issue 51): from memory, before the canonical-path redirect (one hop).
  await services.redirects.ready;
  // The mail server saved on the Mail screen, before the first request.
  await services.mailSettings.ready;
  registerRedirects(app, services.redirects);
  // After the security headers (the redirect carries them), before any answer is made.
  redirectToCanonicalPaths(app);
  // Before anything reads a body (the routes' and the pages' own hooks come after these):
  // a compressed one is refused, never inflated.
  refuseEncodedBodies(app);
  // Redis and the like when configured: before the rate limits, which may keep their counts there.
  const scaleOut = await connectScaleOut(app, config, services);
  app.addHook("onClose", async () => scaleOut.close());
  // onClose hooks run last-added first: the visit counts are written before Redis and the
  // database close.
  app.addHook("onClose", async () => services.traffic.close());
  app.addHook("onClose", async () => services.redirects.close());
  await registerRateLimits(app, config, scaleOut);
  registerIdempotency(app, database.db);
  await keepAuditForAYear(app, services.audit);
  // Only /media and unknown methods reach this: pages and /api have their own catch-alls.
  // The answer never echoes the address.
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ error: "Not found." }));
  // An answer already in memory (a whole page, a JSON list) is compressed in one call on this
  // thread. Through a stream, its 16 KB pieces each cross the thread pool: Brotli of the
  // 127 KB home page costs 2.9 ms of CPU that way against 2.0 ms in one call, and a page's
  // render holds the thread longer anyway. (The plugin's own limit, 8 KB on two cores,
  // assumes a spare core to compress on.)
  // What reaches this compressor is never stored (the render cache compresses its own
  // answers once, at its best quality): an answer rendered for one request, compressed
  // for that one, while the visitor waits. Brotli quality 0 instead of the plugin's 4:
  // the 103 KB home page weighs 19.6 KB instead of 15.6 KB (17.1 KB at quality 2, 20.2 KB
  // as gzip level 1). A render of / that misses the cache went from 37.7 M to 33.6 M
  // instructions on the main thread at quality 2, and from 30.7 M to 27.8 M at quality 0
  // (bench/instructions.mjs). Quality 1 is no middle way: it took 2.0 ms of CPU where
  // 0 took 0.4 ms and 2 took 0.55 ms (2026-11-26, Node 24's zlib).
  await app.register(compress, {
    global: true,
    // Answers only: request bodies are never inflated (refuseEncodedBodies above).
    globalDecompression: false,
    threshold: 1024,
    syncThreshold: 512 * 1024,
    brotliOptions: {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 0,
      },
    },
  });

  await registerOpenApi(app, config);

  await app.register(apiPlugin, { prefix: "/api", services, config });

  await registerMediaRoutes(app, config);
  registerIdentityFiles(app, services);

  if (options.web !== false) {
    await app.register(pagesPlugin, {
      config,
      services,
      limits: app.limits,
      buildDirectory,
      devServer: options.devServer,
    });
  }

  return app;
}
