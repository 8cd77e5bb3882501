// The yardstick of `npm run bench`: a bare Fastify 5 answering every GET with the same
// 1 KB HTML page. Listens on 127.0.0.1:PORT (0: any) and prints its URL on one line.
import Fastify from "fastify";

const html =
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hello</title></head><body><h1>Hello, world</h1><p>${"Hello from a bare Fastify 5 server. ".repeat(26)}</p></body></html>`.slice(
    0,
    1024,
  );

const app = Fastify({ logger: false });
app.get("/*", (_request, reply) => reply.type("text/html; charset=utf-8").send(html));
const address = await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT ?? 0) });
console.log(address);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
