// The S3 test server's own process (started by s3-server.ts): s3rver with one bucket.
// Arguments: the folder for its objects, the bucket's name. It reports its port, answers
// requests for the list of S3 requests it received, and ends with its parent.
import S3rver from "s3rver";

const [directory, bucket] = process.argv.slice(2);
const requests: { method: string; url: string }[] = [];
const server = new S3rver({
  port: 0,
  address: "127.0.0.1",
  silent: true,
  directory,
  configureBuckets: [{ name: bucket! }],
});
const { port } = await server.run();
// Recorded as each request arrives, so before its answer leaves.
server.httpServer.prependListener("request", (request) => {
  requests.push({ method: request.method ?? "", url: request.url ?? "" });
});
process.on("message", (message: { type?: string; id?: number }) => {
  if (message.type === "requests") process.send!({ type: "requests", id: message.id, requests });
});
process.on("disconnect", () => process.exit(0));
process.send!({ type: "ready", port });
