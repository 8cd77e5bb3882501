import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pngImage } from "../factories/images.ts";

// The old WordPress site an import fetches pictures from, stood in for on 127.0.0.1 (issue
// 51): /wp-content/uploads/… answers a PNG, /missing/… 404, /moved/… a redirect to
// `redirectTo`, and /slow/… is held until the test releases it. It counts the requests and
// the most it had open at once.

export interface OldSite {
  /** http://127.0.0.1:PORT */
  url: string;
  host: string;
  requests: string[];
  /** The most picture requests it had open at once. */
  peak: number;
  /** Requests held now (paths under /slow/). */
  held: () => number;
  /** Answers every held request (and the ones to come, when `all`). */
  release(all?: boolean): void;
  /** Where /moved/… redirects to. */
  redirectTo: string;
  close(): Promise<void>;
}

export async function startOldSite(): Promise<OldSite> {
  const picture = await pngImage(640, 360, "Old site");
  const requests: string[] = [];
  let open = 0;
  let peak = 0;
  let releasedAll = false;
  const waiting: (() => void)[] = [];
  const send = (response: ServerResponse) => {
    response.writeHead(200, { "content-type": "image/png", "content-length": picture.length });
    response.end(picture);
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? "/";
    requests.push(path);
    open++;
    peak = Math.max(peak, open);
    response.on("close", () => open--);
    if (path.startsWith("/missing/")) {
      response.writeHead(404).end("not found");
    } else if (path.startsWith("/moved/")) {
      response.writeHead(302, { location: site.redirectTo }).end();
    } else if (path.startsWith("/slow/") && !releasedAll) {
      waiting.push(() => send(response));
    } else if (
      path.startsWith("/wp-content/") ||
      path.startsWith("/slow/") ||
      path.startsWith("/content/")
    ) {
      send(response);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const site: OldSite = {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    get peak() {
      return peak;
    },
    held: () => waiting.length,
    release(all = false) {
      if (all) releasedAll = true;
      for (const answer of waiting.splice(0)) answer();
    },
    redirectTo: "",
    close: () =>
      new Promise<void>((resolve) => {
        releasedAll = true;
        for (const answer of waiting.splice(0)) answer();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return site;
}
