import { PassThrough, pipeline, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { requestInfoContext } from "../common/load-context.ts";
import {
  deferModulesInPage,
  lowPriorityModulePreloads,
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
// Public pages are rendered whole before they are sent, and request their modules only
// after the first paint (docs/decisions/0015); the back office streams and preloads them at
// once, at low priority (docs/decisions/0008).
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
  const { nonce, wholePage } = loadContext.get(requestInfoContext);
  const whole = !loadsScriptsAtOnce(request);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      whole || (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const rendered = () => {
      clearTimeout(timeoutId);
      timeoutId = undefined;
    };
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");

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
          if (whole) {
            // A public page is complete once its data is (no streamed parts), and is sent
            // in one piece: React's 2 KB chunks would each cross every stream between here
            // and the socket, and the compressor, which cost more than the render itself.
            const chunks: Buffer[] = [];
            pipe(
              new Writable({
                write(chunk: Buffer, _encoding, callback) {
                  chunks.push(chunk);
                  callback();
                },
                final(callback) {
                  rendered();
                  // latin1 maps each byte to one character and back, so the rewriting
                  // (ASCII tags) leaves every other byte as it was, without decoding UTF-8.
                  const html = deferModulesInPage(Buffer.concat(chunks).toString("latin1"));
                  const body = Buffer.from(html, "latin1");
                  // Its length tells the server that the page is whole: it sends it as one
                  // buffer, compressed in one call (server/web/pages.ts).
                  responseHeaders.set("Content-Length", String(body.length));
                  const init = { headers: responseHeaders, status: responseStatusCode };
                  resolve(wholePage ? wholePage(body, init) : new Response(body, init));
                  callback();
                },
              }),
            );
            return;
          }
          const body = new PassThrough({
            final(callback) {
              rendered();
              callback();
            },
          });
          const html = lowPriorityModulePreloads();
          // pipeline, not pipe: a failure of the render reaches the response stream.
          pipeline(body, html, () => {});
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(html), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
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
