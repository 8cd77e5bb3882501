import { PassThrough, pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { requestInfoContext } from "../common/load-context.ts";
import {
  lowPriorityModulePreloads,
  modulesAfterFirstPaint,
} from "./lib/low-priority-scripts.server.ts";

export const streamTimeout = 5_000;

/**
 * The back office, and every page of the dev server (Vite's runtime needs its module
 * script as it is).
 */
const loadsScriptsAtOnce = (request: Request) =>
  import.meta.env.DEV || /^\/admin(\/|$)/.test(new URL(request.url).pathname);

/**
 * Errors of loaders, actions and rendering. An answer to a client's mistake (a 4xx such as
 * a missing post) is already on the request's log line: only real failures are logged,
 * with their stack, and never for a request the client gave up on.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const log = (context as RouterContextProvider | undefined)?.get(requestInfoContext).logError;
  (log ?? console.error)(error);
};

// React Router's default Node entry, plus the CSP nonce the server generated for this
// response (React Router puts it on every inline script it renders, when there is one).
// Public pages request their modules only after the first paint (docs/decisions/0015); the
// back office preloads them at once, at low priority (docs/decisions/0008).
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestInfoContext);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />,
      {
        nonce: nonce || undefined,
        // Finished <Suspense> content stays where it belongs in the HTML. React otherwise
        // moves a boundary past the first 12.8 KB to the end of the stream and shows it with
        // a script: invisible without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const html = loadsScriptsAtOnce(request)
            ? lowPriorityModulePreloads()
            : modulesAfterFirstPaint();
          // pipeline, not pipe: a failure of the render reaches the response stream.
          pipeline(body, html, () => {});
          const stream = createReadableStreamFromReadable(html);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
