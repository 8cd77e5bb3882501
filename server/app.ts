import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import path from "node:path";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import { RouterContextProvider } from "react-router";
import type { ViteDevServer } from "vite";
import { requestInfoContext, siteServicesContext } from "../common/load-context.ts";
import { site } from "../common/site-config.ts";
import { apiPlugin } from "./api.ts";
import type { Config } from "./config.ts";
import { openDatabase } from "./db/connection.ts";
import { FIRST_MIGRATION, migrateToLatest } from "./db/migrate.ts";
import { createNotifier } from "./mail/smtp.ts";
import type { Notifier } from "./mail/notifier.ts";
import { createLocalStorage } from "./media/storage.ts";
import { registerErrorHandler } from "./plugins/error-handler.ts";
import { createServices, siteServices, type Services } from "./services.ts";

export interface BuildOptions {
  /** Serve the React Router site (off for API-only tests). */
  web?: boolean;
  /** Vite's dev server, given by `react-router dev`. */
  devServer?: ViteDevServer;
  /** Where `react-router build` wrote its output (default: config.buildDir). */
  buildDirectory?: string;
  logger?: boolean;
  /** Replace the mail notifier (tests). */
  notifier?: Notifier;
}

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    freshDatabase: boolean;
  }
}

type NonceResponse = ServerResponse & { cspNonce?: string };

/** Builds the whole server without listening: main, scripts and tests all use it. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // Fastify accepts a hop count too, though its types do not say so.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 100 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    requestTimeout: 0,
    connectionTimeout: 0,
    keepAliveTimeout: 5_000,
    return503OnClosing: true,
    // Errors Fastify meets before routing (a malformed %-escape, a bad content type) get
    // the same `{ "error": "…" }` body as every other answer.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as unknown as FastifyReply).code(status).send({
        error: error.code === "FST_ERR_BAD_URL" ? "The address is malformed." : error.message,
      });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const database = await openDatabase(config.database);
  let migrations: string[];
  try {
    migrations = await migrateToLatest(
      database.db,
      config.database.kind === "postgres" ? config.database.schema : undefined,
    );
  } catch (error) {
    await database.close();
    throw error;
  }
  const notifier = options.notifier ?? createNotifier(config, app.log);
  const services = createServices({
    config,
    database,
    storage: createLocalStorage(config.mediaDir),
    notifier,
    log: app.log,
  });
  app.decorate("services", services);
  /** True when this start created the schema: the database was empty. */
  app.decorate("freshDatabase", migrations.includes(FIRST_MIGRATION));
  app.addHook("onClose", async () => {
    await notifier.close();
    await database.close();
  });

  // Security headers on every answer. Scripts must carry the per-request nonce that
  // React Router puts on its inline scripts; styles allow inline `style` attributes.
  const dev = options.devServer !== undefined;
  app.addHook("onRequest", async (request, reply) => {
    (reply.raw as NonceResponse).cspNonce = randomBytes(16).toString("base64");
    if (request.url.startsWith("/admin")) {
      reply.header("cache-control", "no-store");
      reply.header("x-robots-tag", "noindex, nofollow");
    }
  });
  await app.register(helmet, {
    contentSecurityPolicy: dev
      ? false
      : {
          useDefaults: false,
          directives: {
            "default-src": ["'self'"],
            "script-src": [
              "'self'",
              (_req, res) => `'nonce-${(res as NonceResponse).cspNonce ?? ""}'`,
            ],
            "style-src": ["'self'", "'unsafe-inline'"],
            "img-src": ["'self'", "data:", "blob:", "https://i.ytimg.com"],
            "media-src": ["'self'", "blob:"],
            "font-src": ["'self'"],
            "connect-src": ["'self'"],
            "frame-src": ["'none'"],
            "object-src": ["'none'"],
            "base-uri": ["'self'"],
            "form-action": ["'self'"],
            "frame-ancestors": ["'none'"],
            "upgrade-insecure-requests": config.publicOrigin.startsWith("https:") ? [] : null,
          },
        },
    crossOriginEmbedderPolicy: false,
    // "no-referrer" (helmet's default) makes browsers send `Origin: null` with form posts,
    // which React Router's CSRF check refuses: the no-JavaScript forms need the real origin.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: config.publicOrigin.startsWith("https:")
      ? { maxAge: 31536000, includeSubDomains: true }
      : false,
  });
  await app.register(compress, { global: true, threshold: 1024 });

  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: `${site.name} API`,
        description:
          "Public site and back office API. Admin calls need `Authorization: Bearer <token>` from POST /api/auth/login.",
        version: "1.0.0",
      },
      components: {
        securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  await app.register(apiPlugin, { prefix: "/api", services, config });

  // Uploaded media: server-generated names never change, so they can be cached for good.
  await mkdir(config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: "/media/",
    decorateReply: false,
    index: false,
    dotfiles: "deny",
    immutable: true,
    maxAge: "365d",
    allowedPath: (pathName) => !pathName.startsWith("/.incoming"),
    schemaHide: true,
  });

  if (options.web !== false) {
    const buildDirectory = path.resolve(options.buildDirectory ?? config.buildDir);
    const pageServices = siteServices(services, config);
    await app.register(fastifyReactRouter, {
      devServer: options.devServer,
      serverBuildPath: path.join(buildDirectory, "server/index.js"),
      clientBuildDirectory: path.join(buildDirectory, "client"),
      assetCacheControl: "public, max-age=31536000, immutable",
      fileCacheControl: "public, max-age=3600",
      routeOptions: { schema: { hide: true } },
      // The build writes .br and .gz beside each asset (vite.config.ts): send those.
      staticOptions: { preCompressed: true },
      getLoadContext(_request, reply) {
        const context = new RouterContextProvider();
        context.set(siteServicesContext, pageServices);
        context.set(requestInfoContext, { nonce: (reply.raw as NonceResponse).cspNonce ?? "" });
        return context;
      },
    });
  }

  return app;
}
