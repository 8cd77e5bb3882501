import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** A request the S3 server received: its method, and its path with the query. */
export interface S3Request {
  method: string;
  url: string;
}

export interface S3Server {
  /** The settings that point the site at this server and its bucket. */
  env: {
    S3_BUCKET: string;
    S3_ENDPOINT: string;
    S3_REGION: string;
    S3_ACCESS_KEY_ID: string;
    S3_SECRET_ACCESS_KEY: string;
    S3_FORCE_PATH_STYLE: string;
  };
  bucket: string;
  endpoint: string;
  /** Every request the server has received so far, oldest first. */
  requests(): Promise<S3Request[]>;
  /** Ends the server (its port refuses connections from then on) and removes its folder. */
  stop(): Promise<void>;
}

const CHILD = path.join(import.meta.dirname, "s3-server-process.ts");

/**
 * A real S3-compatible server (s3rver) on a free port of 127.0.0.1, with one empty bucket
 * of its own, keeping its objects in a fresh temporary folder. It accepts the credentials
 * "S3RVER"/"S3RVER" and path-style addresses.
 *
 * It runs in a process of its own: s3rver makes ListObjectsV2 continuation tokens with DES,
 * which Node's OpenSSL 3 only offers with --openssl-legacy-provider (without it any listing
 * of more than one page fails with a 500).
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<S3Server> {
  // Bucket names are 3–63 lower-case letters, digits and dashes.
  const bucket = options.bucket ?? `site-media-${randomBytes(6).toString("hex")}`;
  const directory = await mkdtemp(path.join(tmpdir(), "agency-s3-"));
  const child: ChildProcess = fork(CHILD, [directory, bucket], {
    execArgv: ["--openssl-legacy-provider", "--disable-warning=ExperimentalWarning"],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const exited = once(child, "exit");
  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("s3rver did not start in 20 s")), 20_000);
      child.on("message", (message: { type?: string; port?: number }) => {
        if (message.type === "ready") {
          clearTimeout(timer);
          resolve(message.port!);
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`s3rver exited before it started (code ${code})`));
      });
    });
  } catch (error) {
    child.kill("SIGKILL");
    await rm(directory, { recursive: true, force: true });
    throw error;
  }

  let asked = 0;
  let stopped: Promise<void> | undefined;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    bucket,
    endpoint,
    requests() {
      const id = ++asked;
      return new Promise((resolve, reject) => {
        const onMessage = (message: { type?: string; id?: number; requests?: S3Request[] }) => {
          if (message.type !== "requests" || message.id !== id) return;
          child.off("message", onMessage);
          resolve(message.requests!);
        };
        child.on("message", onMessage);
        child.send({ type: "requests", id }, (error) => {
          if (error) {
            child.off("message", onMessage);
            reject(error);
          }
        });
      });
    },
    stop() {
      stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
        await exited;
        await rm(directory, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}
