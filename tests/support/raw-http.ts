import net from "node:net";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Body bytes the client had written when the answer began. */
  sentBeforeAnswer: number;
  /** Whether the server closed the connection after answering. */
  closed: boolean;
  /** Milliseconds from the first byte written to the answer. */
  ms: number;
}

/**
 * Sends a request over a raw socket and keeps writing body bytes (up to `bodyBytes`, as
 * fast as the socket takes them) until the server answers: shows how much of a body a
 * server reads before it answers, which no fetch client can. With `chunked`, the body
 * goes out in chunked encoding with no Content-Length; otherwise Content-Length says
 * `bodyBytes`.
 */
export function sendBody(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    bodyBytes: number;
    chunked?: boolean;
    /** Written before the filler bytes (e.g. a multipart part header). */
    prefix?: string;
  },
): Promise<RawAnswer> {
  const { hostname, port, pathname, search } = new URL(url);
  const head = [
    `${options.method ?? "POST"} ${pathname}${search} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    options.chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${options.bodyBytes}`,
    "",
    "",
  ].join("\r\n");
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const started = performance.now();
    let sent = 0;
    let answerAt: number | undefined;
    let sentBeforeAnswer = 0;
    let received = Buffer.alloc(0);
    let finished = false;
    let closeWait: NodeJS.Timeout | undefined;
    const filler = Buffer.alloc(64 * 1024, "a");
    const frame = (data: Buffer) =>
      options.chunked
        ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")])
        : data;

    const pump = () => {
      while (answerAt === undefined && !socket.destroyed && sent < options.bodyBytes) {
        const piece = filler.subarray(0, Math.min(filler.length, options.bodyBytes - sent));
        sent += piece.length;
        if (!socket.write(frame(piece))) {
          socket.once("drain", pump);
          return;
        }
      }
      if (sent >= options.bodyBytes && options.chunked && !socket.destroyed)
        socket.write("0\r\n\r\n");
    };

    const finish = (closed: boolean) => {
      if (finished) return;
      if (closed && closeWait !== undefined) {
        settle(true);
        return;
      }
      const answer = parseAnswer(received);
      if (!answer) {
        finished = true;
        reject(new Error(`no answer (closed: ${closed}, sent ${sent} bytes)`));
        return;
      }
      if (!closed && !answer.complete) return;
      if (!closed && closeWait === undefined) {
        // The whole answer is in: give the server a moment to close the connection.
        closeWait = setTimeout(() => settle(false), 1000);
        return;
      }
      settle(closed);
    };

    const settle = (closed: boolean) => {
      if (finished) return;
      clearTimeout(closeWait);
      finished = true;
      socket.destroy();
      const { status, headers, body } = parseAnswer(received)!;
      resolve({
        status,
        headers,
        body,
        sentBeforeAnswer,
        closed,
        ms: (answerAt ?? performance.now()) - started,
      });
    };

    socket.on("connect", () => {
      socket.write(head);
      if (options.prefix) {
        const prefix = Buffer.from(options.prefix);
        sent += prefix.length;
        socket.write(frame(prefix));
      }
      pump();
    });
    socket.on("data", (data: Buffer) => {
      if (answerAt === undefined) {
        answerAt = performance.now();
        sentBeforeAnswer = sent;
      }
      received = Buffer.concat([received, data]);
      finish(false);
    });
    // Writing into a connection the server closed is expected here.
    socket.on("error", () => finish(true));
    socket.on("end", () => finish(true));
    socket.on("close", () => finish(true));
  });
}

/** The status, headers and body of an HTTP answer received so far, or undefined. */
function parseAnswer(received: Buffer) {
  const text = received.toString("latin1");
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const [statusLine = "", ...lines] = text.slice(0, end).split("\r\n");
  const headers: Record<string, string> = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const length = Number(headers["content-length"] ?? "NaN");
  const body = text.slice(end + 4);
  const complete = Number.isFinite(length) && Buffer.byteLength(body, "latin1") >= length;
  return {
    status: Number(statusLine.split(" ")[1]),
    headers,
    body: Number.isFinite(length) ? body.slice(0, length) : body,
    complete,
  };
}
