import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { MIN_HASH_COST, PRODUCTION_HASH_COST } from "./modules/staff/password.ts";

/**
 * Every setting of the server, read from the environment once at start.
 * This is the only module that reads `process.env` (see docs/architecture).
 */

const durationPattern = /^(\d+)\s*(s|m|h|d)$/;
const durationUnits = { s: 1, m: 60, h: 3600, d: 86400 } as const;

/** Parses "12h", "30m", "45s", "7d" or a plain number of seconds. */
export function parseDuration(value: string): number | undefined {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const match = durationPattern.exec(trimmed);
  if (!match) return undefined;
  return Number(match[1]) * durationUnits[match[2] as keyof typeof durationUnits];
}

const bytesPattern = /^(\d+)\s*(b|kb|mb|gb)?$/i;
const byteUnits = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 } as const;

/** Parses "5mb", "200MB", "1024" (bytes). */
export function parseBytes(value: string): number | undefined {
  const match = bytesPattern.exec(value.trim());
  if (!match) return undefined;
  const unit = (match[2] ?? "b").toLowerCase() as keyof typeof byteUnits;
  return Number(match[1]) * byteUnits[unit];
}

const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const duration = (fallback: string) =>
  z.preprocess(emptyToUndefined, z.string().default(fallback)).transform((value, ctx) => {
    const seconds = parseDuration(value);
    if (seconds === undefined || seconds <= 0) {
      ctx.addIssue({ code: "custom", message: `expected a duration such as 12h, got "${value}"` });
      return z.NEVER;
    }
    return seconds;
  });

const byteSize = (fallback: string) =>
  z.preprocess(emptyToUndefined, z.string().default(fallback)).transform((value, ctx) => {
    const bytes = parseBytes(value);
    if (bytes === undefined || bytes <= 0) {
      ctx.addIssue({ code: "custom", message: `expected a size such as 5mb, got "${value}"` });
      return z.NEVER;
    }
    return bytes;
  });

/** One entry of IMPORT_ALLOW_HOSTS: a host name or address (IPv6 in brackets) and a port. */
const IMPORT_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\]):\d{1,5}$/;

const positiveInt = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a whole number above 0" })
      .int("must be a whole number above 0")
      .positive("must be a whole number above 0")
      .default(fallback),
  );

const hashCostError = `must be a whole number from ${MIN_HASH_COST} to ${PRODUCTION_HASH_COST} (log2 of scrypt's N)`;

const booleanFlag = z
  .preprocess(
    emptyToUndefined,
    z.enum(["true", "false", "1", "0"], { error: "must be true or false" }).optional(),
  )
  .transform((value) => value === "true" || value === "1");

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * Why a TRUST_PROXY value cannot be used, or undefined when it can: a comma-separated list
 * of proxy addresses, CIDR ranges or range names. A bare hop count is refused: Fastify can
 * not check the connecting peer against a count, so it trusts nothing and every visitor
 * would share the proxy's address.
 */
export function trustProxyProblem(value: string): string | undefined {
  if (/^\d+$/.test(value.trim())) {
    return (
      `a hop count (${value.trim()}) cannot be checked against the proxy: give the proxy's ` +
      "addresses or ranges instead, e.g. TRUST_PROXY=10.0.0.5 or 10.0.0.0/8 or loopback"
    );
  }
  for (const entry of value.split(",").map((part) => part.trim())) {
    if (PROXY_RANGE_NAMES.has(entry)) continue;
    const [address = "", prefix, extra] = entry.split("/");
    const version = isIP(address);
    const prefixOk =
      prefix === undefined ||
      (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32)) ||
      (version === 4 && isIP(prefix) === 4);
    if (!version || !prefixOk || extra !== undefined) {
      return (
        `"${entry}" is not an address, a CIDR range or one of loopback, linklocal, ` +
        "uniquelocal (e.g. TRUST_PROXY=10.0.0.5,10.0.0.0/8)"
      );
    }
  }
  return undefined;
}

/** Paystack's API (PAYSTACK_BASE_URL's default). */
export const PAYSTACK_API = "https://api.paystack.co";

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z
      .enum(["development", "production", "test"], {
        error: "must be development, production or test",
      })
      .default("development"),
  ),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a port number (0-65535)" })
      .int("must be a port number (0-65535)")
      .min(0, "must be a port number (0-65535)")
      .max(65535, "must be a port number (0-65535)")
      .default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default("localhost")),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  BUILD_DIR: z.preprocess(emptyToUndefined, z.string().default("./build")),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATABASE_SCHEMA: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, "must be a lower-case SQL identifier")
      .optional(),
  ),
  PUBLIC_ORIGIN: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^https?$/,
        error: "must be an http(s) URL such as https://www.example.com",
      })
      .optional(),
  ),
  TOKEN_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  TOKEN_TTL: duration("12h"),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: optionalString,
  NOTIFY_TO: z.preprocess(emptyToUndefined, z.email("must be an e-mail address").optional()),
  TRUST_PROXY: z
    .preprocess(emptyToUndefined, z.string().optional())
    .transform((value, ctx): boolean | string => {
      if (value === undefined || value === "false" || value === "0") return false;
      if (value === "true") return true;
      const message = trustProxyProblem(value);
      if (message) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return value
        .split(",")
        .map((entry) => entry.trim())
        .join(",");
    }),
  MAX_IMAGE_SIZE: byteSize("5mb"),
  MAX_VIDEO_SIZE: byteSize("200mb"),
  MAX_IMPORT_SIZE: byteSize("200mb"),
  IMPORT_ALLOW_HOSTS: z
    .preprocess(emptyToUndefined, z.string().optional())
    .transform((value, ctx): string[] => {
      if (value === undefined) return [];
      const hosts = value.split(",").map((entry) => entry.trim().toLowerCase());
      const bad = hosts.find((host) => !IMPORT_HOST.test(host));
      if (bad !== undefined) {
        ctx.addIssue({
          code: "custom",
          message: `expected host:port pairs such as 127.0.0.1:8080, got "${bad}"`,
        });
        return z.NEVER;
      }
      return hosts;
    }),
  RATE_LIMIT_PER_MINUTE: positiveInt(30),
  PASSWORD_HASH_COST: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: hashCostError })
      .int(hashCostError)
      .min(MIN_HASH_COST, hashCostError)
      .max(PRODUCTION_HASH_COST, hashCostError)
      .optional(),
  ),
  SQLITE_BUSY_TIMEOUT: positiveInt(5000),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
  ),
  SEED_SAMPLE_CONTENT: booleanFlag,
  RENDER_CACHE: booleanFlag,
  RENDER_CACHE_SIZE: byteSize("64mb"),
  SITEMAP_URLS_PER_FILE: positiveInt(50_000).refine(
    (value) => value <= 50_000,
    "must be at most 50000 (the sitemaps.org limit)",
  ),
  CDN_PURGE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  ),
  CDN_PURGE_TOKEN: optionalString,
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
      .optional(),
  ),
  REDIS_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, "must be 1-64 letters, digits or _ . : -")
      .default("agency"),
  ),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  ),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default("us-east-1")),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag,
  S3_PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  ),
  // The message never repeats the value: the key is a secret (issue 49).
  PAYSTACK_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^sk_(test|live)_[A-Za-z0-9]{8,200}$/,
        "must be a Paystack secret key (sk_test_… or sk_live_…, from Settings → API Keys)",
      )
      .optional(),
  ),
  PAYSTACK_BASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .default(PAYSTACK_API)
      .transform((value) => value.replace(/\/+$/, "")),
  ),
});

/** Paystack, when PAYSTACK_SECRET_KEY is set (issue 49). */
export interface PaystackConfig {
  /** Never logged, shown or stored: sent only in the Authorization header to `baseUrl`. */
  secretKey: string;
  baseUrl: string;
  /** A test key (sk_test_…): no money moves; the back office says "test mode". */
  testMode: boolean;
}

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  /** Output of `react-router build` that the server serves. */
  buildDir: string;
  database:
    | {
        kind: "sqlite";
        file: string;
        /** Milliseconds a write waits for another connection's lock before it answers 503. */
        busyTimeoutMs?: number;
      }
    | { kind: "postgres"; url: string; schema?: string };
  publicOrigin: string;
  /** Signs sign-in tokens; empty until the app reads the shared one from the database. */
  tokenSecret: string;
  tokenTtlSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  notifyTo?: string;
  /** false, true (any client: only when the proxy is the sole way in) or proxy addresses. */
  trustProxy: boolean | string;
  maxImageBytes: number;
  maxVideoBytes: number;
  /** Largest WordPress or Ghost export file an import takes (issue 51). */
  maxImportBytes: number;
  /**
   * host:port pairs an import may fetch pictures from although they are private or loopback
   * addresses (tests stand the old site in on 127.0.0.1). Empty by default: none.
   */
  importAllowHosts: string[];
  rateLimitPerMinute: number;
  /**
   * log2 of scrypt's N for new password hashes: 15 (production), lowered by
   * PASSWORD_HASH_COST or NODE_ENV=test so tests hash cheaply (decision 0001).
   */
  passwordHashCost: number;
  logLevel: string;
  /** Seed sample blog posts into an empty database (on by default outside tests). */
  seedSampleContent: boolean;
  /** Public pages and API lists kept in memory (docs/decisions/0014); 0 bytes: off. */
  renderCacheBytes: number;
  /** Addresses per sitemap file; beyond them /sitemap.xml is an index of several. */
  sitemapUrlsPerFile: number;
  /** Where every write asks a CDN in front to drop its copies (a POST, Cloudflare's shape). */
  cdnPurge?: { url: string; token?: string };
  /** Redis shared by every instance: rate limits and cache invalidation (issue 10). */
  redisUrl?: string;
  /** Starts every Redis key and channel, so that several sites can share one Redis. */
  redisPrefix: string;
  /** S3-compatible media storage; when unset, media live under `mediaDir`. */
  s3?: S3Config;
  /** Online payments; unset (no PAYSTACK_SECRET_KEY): the site takes none. */
  paystack?: PaystackConfig;
}

export interface S3Config {
  bucket: string;
  /** Unset: AWS itself. Set for MinIO, R2, Spaces, s3rver… */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's own chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** Where visitors fetch media (a CDN or the bucket's public address); unset: /media/*. */
  publicUrl?: string;
}

export class ConfigError extends Error {}

/**
 * Parses the environment. Throws a ConfigError with one line per bad setting.
 * `overrides` lets tests and scripts set values without touching process.env.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${lines.join("; ")}`);
  }
  const e = parsed.data;
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither",
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: path.join(dataDir, "media"),
    buildDir: path.resolve(e.BUILD_DIR),
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA }
      : {
          kind: "sqlite",
          file: path.join(dataDir, "site.db"),
          busyTimeoutMs: e.SQLITE_BUSY_TIMEOUT,
        },
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    // Unset: the secret kept in the database (server/db/token-secret.ts), read at start.
    tokenSecret: e.TOKEN_SECRET ?? "",
    tokenTtlSeconds: e.TOKEN_TTL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? "website@localhost",
    notifyTo: e.NOTIFY_TO,
    trustProxy: e.TRUST_PROXY,
    maxImageBytes: e.MAX_IMAGE_SIZE,
    maxVideoBytes: e.MAX_VIDEO_SIZE,
    maxImportBytes: e.MAX_IMPORT_SIZE,
    importAllowHosts: e.IMPORT_ALLOW_HOSTS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    passwordHashCost:
      e.PASSWORD_HASH_COST ?? (e.NODE_ENV === "test" ? MIN_HASH_COST : PRODUCTION_HASH_COST),
    logLevel: e.LOG_LEVEL,
    seedSampleContent:
      env.SEED_SAMPLE_CONTENT === undefined ? e.NODE_ENV !== "test" : e.SEED_SAMPLE_CONTENT,
    renderCacheBytes: env.RENDER_CACHE === undefined || e.RENDER_CACHE ? e.RENDER_CACHE_SIZE : 0,
    sitemapUrlsPerFile: e.SITEMAP_URLS_PER_FILE,
    ...(e.CDN_PURGE_URL ? { cdnPurge: { url: e.CDN_PURGE_URL, token: e.CDN_PURGE_TOKEN } } : {}),
    ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}),
    redisPrefix: e.REDIS_PREFIX,
    ...(e.S3_BUCKET
      ? {
          s3: {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            ...(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? {
                  credentials: {
                    accessKeyId: e.S3_ACCESS_KEY_ID,
                    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
                  },
                }
              : {}),
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ""),
          },
        }
      : {}),
    ...(e.PAYSTACK_SECRET_KEY
      ? {
          paystack: {
            secretKey: e.PAYSTACK_SECRET_KEY,
            baseUrl: e.PAYSTACK_BASE_URL,
            testMode: e.PAYSTACK_SECRET_KEY.startsWith("sk_test_"),
          },
        }
      : {}),
    ...overrides,
  };
  return config;
}
