import { once } from "node:events";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { DoorResponse, FrontDoor, joinHeaders } from "./front-door.ts";
import { memoryAnswer, prepare } from "./memory-answer.ts";

const headers = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "content-type": "text/javascript; charset=utf-8",
  "cache-control": "public, max-age=31536000, immutable",
};
const small = memoryAnswer(headers, '"small"', {
  identity: Buffer.from("console.log('é');".repeat(10)),
});
// Past the size kept as a string too: the body goes out as a Buffer.
const large = memoryAnswer(headers, '"large"', { identity: Buffer.alloc(40_000, 0xe9) });
// A header Node acts on itself (it sends content-disposition as latin1): given to it apart,
// after the joined lines.
const download = memoryAnswer(
  { ...headers, "content-disposition": 'attachment; filename="é.bin"' },
  '"download"',
  { identity: Buffer.from("data") },
);

/** Answers /small, /large and /download from memory; anything else as Fastify would. */
function handler(door: FrontDoor, kinds: Set<string> = new Set()) {
  return (request: IncomingMessage, response: ServerResponse) => {
    kinds.add(response.constructor.name);
    const answer = { "/small": small, "/large": large, "/download": download }[request.url ?? ""];
    if (answer) return door.write(request, response, prepare(answer, request.headers));
    response.setHeader("x-set-first", "1");
    response.writeHead(201, { "content-type": "text/plain" });
    response.end("made by the handler");
  };
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((r) => server.close(r))));
});

async function listen(server: http.Server): Promise<number> {
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return (server.address() as AddressInfo).port;
}

/** Writes `requests` on one connection and answers all the bytes the server sent until it closed. */
async function exchange(port: number, requests: string): Promise<string> {
  const socket = connect(port, "127.0.0.1");
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  socket.write(requests);
  await once(socket, "close");
  return Buffer.concat(chunks)
    .toString("latin1")
    .replace(/Date: [^\r]+/g, "Date: (now)");
}

const conversation =
  "GET /small HTTP/1.1\r\nHost: x\r\n\r\n" +
  "GET /large HTTP/1.1\r\nHost: x\r\n\r\n" +
  "HEAD /small HTTP/1.1\r\nHost: x\r\n\r\n" +
  'GET /small HTTP/1.1\r\nHost: x\r\nIf-None-Match: "small"\r\n\r\n' +
  "GET /other HTTP/1.1\r\nHost: x\r\n\r\n" +
  "GET /download HTTP/1.1\r\nHost: x\r\n\r\n" +
  "GET /large HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";

describe("answers written from memory", () => {
  it("go out byte for byte as Node's writeHead writes them, with the header lines joined once", async () => {
    expect(DoorResponse.joins).toBe(true);
    const door = new FrontDoor(() => "req-1");
    const kinds = new Set<string>();
    const joined = door.serverFactory()(handler(door, kinds), {
      keepAliveTimeout: 5000,
    }) as http.Server;
    const plain = http.createServer({ keepAliveTimeout: 5000 }, handler(door));
    const [joinedPort, plainPort] = [await listen(joined), await listen(plain)];

    const sent = await exchange(joinedPort, conversation);
    expect([...kinds]).toEqual(["DoorResponse"]);
    const plainSent = await exchange(plainPort, conversation);
    // The same bytes, but for the place of a header Node acts on (content-disposition).
    const moved = (text: string) =>
      text.replace(/(content-disposition: [^\r]*\r\n)([\s\S]*?)(content-length)/, "$2$1$3");
    expect(sent).toBe(moved(plainSent));
    expect(sent).toMatch(
      /etag: "download"\r\ncontent-disposition: attachment; filename="[^"]+"\r\n/,
    );
    const heads = sent.match(/HTTP\/1\.1 \d+[^\r]*/g);
    expect(heads).toEqual([
      "HTTP/1.1 200 OK",
      "HTTP/1.1 200 OK",
      "HTTP/1.1 200 OK",
      "HTTP/1.1 304 Not Modified",
      "HTTP/1.1 201 Created",
      "HTTP/1.1 200 OK",
      "HTTP/1.1 200 OK",
    ]);
    expect(sent).toContain(
      "HTTP/1.1 200 OK\r\ncontent-security-policy: default-src 'none'; frame-ancestors 'none'\r\n" +
        "x-content-type-options: nosniff\r\ncontent-type: text/javascript; charset=utf-8\r\n" +
        'cache-control: public, max-age=31536000, immutable\r\netag: "small"\r\n' +
        `content-length: ${small.body.identity.length}\r\nx-request-id: req-1\r\nDate: (now)\r\n` +
        "Connection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\n" +
        Buffer.from("console.log('é');").toString("latin1"),
    );
    expect(sent).toContain("Connection: close\r\n\r\n" + "\u00e9".repeat(40_000));

    // HTTP/1.0: no keep-alive.
    const old = "GET /small HTTP/1.0\r\n\r\n";
    const sentOld = await exchange(joinedPort, old);
    expect(sentOld).toBe(await exchange(plainPort, old));
    expect(sentOld).toContain("Connection: close");
  });
});

describe("joinHeaders", () => {
  it("joins the lines, keeps apart what Node acts on, and refuses bad names and values", () => {
    expect(joinHeaders({ etag: '"a"', "content-length": 12, "x-n": 3 })).toEqual({
      head: 'etag: "a"\r\nx-n: 3\r\n',
      length: 12,
    });
    expect(joinHeaders({ etag: '"a"' })).toEqual({ head: 'etag: "a"\r\n', length: undefined });
    for (const name of ["Connection", "transfer-encoding", "Date", "set-cookie", "keep-alive"]) {
      expect(joinHeaders({ [name]: "x", etag: '"a"' })).toEqual({
        head: 'etag: "a"\r\n',
        length: undefined,
        rest: { [name]: "x" },
      });
    }
    expect(() => joinHeaders({ "x-a": "one\r\nx-injected: two" })).toThrow(/Invalid character/);
    expect(() => joinHeaders({ "x a": "one" })).toThrow(/must be a valid HTTP token/);
  });
});
