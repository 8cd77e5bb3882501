import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { createRequest, fastifyReactRouter, sendResponse } from "@mcansh/react-router-fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import {
  requestInfoContext,
  siteServicesContext,
  type RequestInfo,
} from "../../common/load-context.ts";
import type { Config } from "../config.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "../db/availability.ts";
import { MethodNotAllowed, UnsupportedMediaType } from "../errors.ts";
import { createLimiter } from "../lib/limiter.ts";
import { FORM_BODY_LIMIT, hasBody, readBody, refuseDeclaredOver } from "../plugins/body-limits.ts";
import type { Limiters } from "../plugins/rate-limits.ts";
import type { NonceResponse } from "../plugins/security-headers.ts";
import { siteServices, type Services } from "../services.ts";
import { actionMatcher, type BuildRoute } from "./page-methods.ts";

export interface PagesOptions {
  config: Config;
  services: Services;
  limits: Limiters;
  /** Output of `react-router build`. */
  buildDirectory: string;
  /** Vite's dev server, given by `react-router dev`. */
  devServer?: ViteDevServer;
}

/**
 * Page renders under way at most; more wait their turn. Four, not one, so that renders
 * waiting on the database (PostgreSQL) leave the CPU to others.
 */
const RENDERS_AT_ONCE = 4;

/** The id of app/routes/page.tsx, the `:slug` route (services and the pages staff make). */
const SLUG_ROUTE_ID = "routes/page";

/** What a browser sends a form as; nothing else reaches a page's action. */
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * The public site and the back office, rendered by React Router, behind a guard: pages
 * answer GET and HEAD; the pages with a form (an action) also take POST, as a form of at
 * most FORM_BODY_LIMIT, read in full before the action runs and never past the limit.
 * Anything else is refused with a 4xx before React Router sees it.
 */
export async function pagesPlugin(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const { config, services, limits, buildDirectory, devServer } = options;
  const serverBuildPath = path.join(buildDirectory, "server/index.js");
  const build = devServer
    ? undefined
    : ((await import(pathToFileURL(serverBuildPath).href)) as ServerBuild);
  // In development the build changes under the server: every POST goes on to React Router.
  const acceptsPost = build
    ? actionMatcher(
        build.routes as unknown as Record<string, BuildRoute>,
        // The pages staff make have no form: of the `:slug` route only a service's page does.
        async (routeId, params) =>
          routeId !== SLUG_ROUTE_ID ||
          (await services.content.all()).services.some((item) => item.slug === params.slug),
      )
    : async () => true;

  app.addHook("onRequest", async (request) => {
    const { method } = request;
    if (method === "GET" || method === "HEAD") return;
    const post = await acceptsPost(request.url);
    if (method !== "POST" || !post)
      throw new MethodNotAllowed(post ? "GET, HEAD, POST" : "GET, HEAD");
    refuseDeclaredOver(request, FORM_BODY_LIMIT);
    const type = request.headers["content-type"];
    if (hasBody(request) && !FORM_TYPES.test(type ?? "")) {
      throw new UnsupportedMediaType(
        "A form must be sent as application/x-www-form-urlencoded or multipart/form-data.",
      );
    }
  });
  app.addHook("preParsing", async (request, _reply, payload) =>
    request.method === "POST" && hasBody(request)
      ? Readable.from([await readBody(payload, FORM_BODY_LIMIT)])
      : payload,
  );

  const pageServices = siteServices(services, config);
  const getLoadContext = (
    request: FastifyRequest,
    reply: FastifyReply,
    wholePage?: RequestInfo["wholePage"],
  ) => {
    const context = new RouterContextProvider();
    context.set(siteServicesContext, pageServices);
    context.set(requestInfoContext, {
      wholePage,
      nonce: (reply.raw as NonceResponse).cspNonce ?? "",
      async countSubmission(limit) {
        const decision = await limits[limit](request);
        return decision.allowed ? null : decision.resetSeconds;
      },
      logError(error) {
        request.log.error({ err: error }, "page render failed");
      },
    });
    return context;
  };

  if (devServer) {
    await app.register(fastifyReactRouter, {
      devServer,
      serverBuildPath,
      clientBuildDirectory: path.join(buildDirectory, "client"),
      routeOptions: { schema: { hide: true } },
      getLoadContext,
    });
    return;
  }
  // The build's client files are answered from memory before this (web/static-files.ts):
  // everything else is a page.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
  const handle = createRequestHandler(build!, config.env);
  // A public page this instance answered: its visits are counted by name, whatever the
  // day's limits on paths nobody answered (server/modules/traffic/counter.ts).
  const markAnswered = (request: FastifyRequest, response: Response) => {
    if (request.method !== "GET" || response.status !== 200) return;
    if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return;
    const mark = request.url.indexOf("?");
    const path = mark === -1 ? request.url : request.url.slice(0, mark);
    if (path === "/admin" || path.startsWith("/admin/")) return;
    services.traffic.answered(path);
  };
  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    let whole: { response: Response; body: Buffer } | undefined;
    const context = getLoadContext(request, reply, (body, init) => {
      const response = new Response(null, init);
      whole = { response, body };
      return response;
    });
    let response = await handle(createRequest(request, reply), context);
    markAnswered(request, response);
    // The page's bytes, when the Response is the very one that stands for them.
    const bytes = whole?.response === response ? whole.body : undefined;
    // The database away (issue 28): a form it could not store (the action's 503, with its
    // "try again" message) and a page it could not read both say when to try again; a
    // render that failed while it is down is a 503, not a 500.
    const unavailable =
      response.status === 503 || (response.status >= 500 && services.database.availability.down);
    if (unavailable) {
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      if (response.status !== 503) {
        response = new Response(bytes ? null : response.body, {
          status: 503,
          headers: response.headers,
        });
      }
    }
    return sendPage(reply, response, bytes);
  };
  // A render is CPU work on the one thread: fifty at once each take fifty times as long, and
  // all their pages stay in memory meanwhile. Taking turns, a burst of pages the render
  // cache cannot answer is served about twice as fast (62 → 104–160 renders/s, 50
  // connections), and each visitor waits for their own render only.
  // Every visitor waits their turn: the request limits bound how many there are.
  const renders = createLimiter({
    concurrency: RENDERS_AT_ONCE,
    maxWaiting: Number.POSITIVE_INFINITY,
    busy: () => new Error("no render queue is ever full"),
  });
  app.all("*", { schema: { hide: true } }, (request, reply) =>
    renders.run(async () => {
      // A visitor who left while waiting is not rendered for.
      if (request.raw.socket?.destroyed) return reply.code(499).send();
      return render(request, reply);
    }),
  );
}

/**
 * Sends React Router's answer through Fastify. A page rendered whole (`whole`, its bytes,
 * from app/entry.server.tsx) goes out as one buffer, which the compressor takes in one call;
 * so does any other answer that says its length. Streamed pages (the back office) and data
 * requests stay streams.
 */
async function sendPage(reply: FastifyReply, response: Response, whole?: Buffer) {
  if (whole === undefined && (response.body === null || !response.headers.has("content-length"))) {
    return sendResponse(reply, response);
  }
  const body = whole ?? Buffer.from(await response.arrayBuffer());
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply.send(body);
}
