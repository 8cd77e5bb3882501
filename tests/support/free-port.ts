import { createServer } from "node:net";

// Ports below the kernel's ephemeral range (32768-60999 here and on most Linux systems):
// an outgoing connection (to PostgreSQL, Redis, a test server) never takes one of them, so
// a port found free stays free until the server the test starts binds it. A port the kernel
// picks (listen on 0) is from the ephemeral range: a connection made meanwhile could take it,
// and the server then stops with "Port … is already in use".
const FIRST = 20_000;
const LAST = 32_767;
const handedOut = new Set<number>();

function tryListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A TCP port on 127.0.0.1 that nothing listens on right now, and none handed out before. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = FIRST + Math.floor(Math.random() * (LAST - FIRST + 1));
    if (handedOut.has(port)) continue;
    if (await tryListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${FIRST} and ${LAST}`);
}
