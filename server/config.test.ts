import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseBytes, parseDuration } from "./config.ts";

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-config-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadConfig", () => {
  it("has working defaults: SQLite in DATA_DIR, port 3000, 12 h tokens, 5 MB / 200 MB uploads", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({
      kind: "sqlite",
      file: path.join(dir, "site.db"),
      busyTimeoutMs: 5000,
    });
    expect(config.tokenTtlSeconds).toBe(12 * 3600);
    expect(config.maxImageBytes).toBe(5 * 1024 * 1024);
    expect(config.maxVideoBytes).toBe(200 * 1024 * 1024);
    expect(config.publicOrigin).toBe("http://localhost:3000");
    expect(config.trustProxy).toBe(false);
  });

  it("hashes passwords at the production cost unless NODE_ENV=test or PASSWORD_HASH_COST lowers it", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).passwordHashCost).toBe(15);
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: "production" }).passwordHashCost).toBe(15);
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: "test" }).passwordHashCost).toBe(4);
    expect(
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: "test", PASSWORD_HASH_COST: "15" })
        .passwordHashCost,
    ).toBe(15);
    expect(loadConfig({ DATA_DIR: dataDir(), PASSWORD_HASH_COST: "10" }).passwordHashCost).toBe(10);
    for (const bad of ["3", "16", "12.5", "cheap"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), PASSWORD_HASH_COST: bad })).toThrow(
        "PASSWORD_HASH_COST: must be a whole number from 4 to 15 (log2 of scrypt's N)",
      );
    }
  });

  it("leaves the token secret to the database unless TOKEN_SECRET is set", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).tokenSecret).toBe("");
    expect(loadConfig({ DATA_DIR: dataDir(), TOKEN_SECRET: "t".repeat(32) }).tokenSecret).toBe(
      "t".repeat(32),
    );
  });

  it("switches to PostgreSQL with DATABASE_URL", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: "postgres://u@127.0.0.1:5432/db",
    });
    expect(config.database).toEqual({
      kind: "postgres",
      url: "postgres://u@127.0.0.1:5432/db",
      schema: undefined,
    });
  });

  it("reads every documented setting", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: "8080",
      HOST: "0.0.0.0",
      PUBLIC_ORIGIN: "https://www.example.com/",
      TOKEN_SECRET: "s".repeat(40),
      TOKEN_TTL: "30m",
      SMTP_URL: "smtp://mail.example.com:25",
      NOTIFY_TO: "sales@example.com",
      TRUST_PROXY: "10.0.0.5, 10.1.0.0/16,loopback",
      MAX_IMAGE_SIZE: "2mb",
      MAX_VIDEO_SIZE: "1gb",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      publicOrigin: "https://www.example.com",
      tokenSecret: "s".repeat(40),
      tokenTtlSeconds: 1800,
      smtpUrl: "smtp://mail.example.com:25",
      notifyTo: "sales@example.com",
      trustProxy: "10.0.0.5,10.1.0.0/16,loopback",
      maxImageBytes: 2 * 1024 * 1024,
      maxVideoBytes: 1024 ** 3,
    });
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid configuration: PORT: must be a port number/],
    [{ PORT: "70000" }, /PORT: must be a port number/],
    [{ TOKEN_TTL: "forever" }, /TOKEN_TTL: expected a duration such as 12h/],
    [{ TOKEN_SECRET: "short" }, /TOKEN_SECRET: must be at least 32 characters/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: must start with postgres/],
    [{ PUBLIC_ORIGIN: "ftp://x" }, /PUBLIC_ORIGIN: must be an http\(s\) URL/],
    [{ MAX_VIDEO_SIZE: "lots" }, /MAX_VIDEO_SIZE: expected a size such as 5mb/],
    [{ MAX_IMPORT_SIZE: "big" }, /MAX_IMPORT_SIZE: expected a size such as 5mb/],
    [{ IMPORT_ALLOW_HOSTS: "127.0.0.1" }, /IMPORT_ALLOW_HOSTS: expected host:port pairs/],
    [{ IMPORT_ALLOW_HOSTS: "http://x:80" }, /IMPORT_ALLOW_HOSTS: expected host:port pairs/],
    [{ NOTIFY_TO: "nobody" }, /NOTIFY_TO: must be an e-mail address/],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL: must be one of/],
    // A hop count cannot be checked against the connecting peer (Fastify trusts nothing).
    [{ TRUST_PROXY: "1" }, /TRUST_PROXY: a hop count \(1\) cannot be checked.*10\.0\.0\.5/],
    [{ TRUST_PROXY: "2" }, /TRUST_PROXY: a hop count \(2\)/],
    [{ TRUST_PROXY: "proxy.local" }, /TRUST_PROXY: "proxy.local" is not an address/],
    [{ TRUST_PROXY: "10.0.0.0/33" }, /TRUST_PROXY: "10.0.0.0\/33" is not an address/],
  ])("stops on a bad value %j with a one-line message", (env, message) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), ...env });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain("\n");
  });
});

describe("TRUST_PROXY", () => {
  it.each([
    ["false", false],
    ["0", false],
    ["true", true],
    ["127.0.0.1", "127.0.0.1"],
    ["loopback, uniquelocal", "loopback,uniquelocal"],
    ["10.0.0.0/255.0.0.0,::1,fd00::/8", "10.0.0.0/255.0.0.0,::1,fd00::/8"],
  ])("accepts %j", (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });
});

describe("parsers", () => {
  it("reads durations and sizes", () => {
    expect(parseDuration("12h")).toBe(43200);
    expect(parseDuration("45")).toBe(45);
    expect(parseDuration("2d")).toBe(172800);
    expect(parseDuration("soon")).toBeUndefined();
    expect(parseBytes("5mb")).toBe(5242880);
    expect(parseBytes("200MB")).toBe(209715200);
    expect(parseBytes("1024")).toBe(1024);
    expect(parseBytes("-1")).toBeUndefined();
  });
});

describe("Paystack", () => {
  it("takes no payments without PAYSTACK_SECRET_KEY, and talks to Paystack's API by default", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).paystack).toBeUndefined();
    const live = loadConfig({ DATA_DIR: dataDir(), PAYSTACK_SECRET_KEY: "sk_live_abcdef123456" });
    expect(live.paystack).toEqual({
      secretKey: "sk_live_abcdef123456",
      baseUrl: "https://api.paystack.co",
      testMode: false,
    });
    const test = loadConfig({
      DATA_DIR: dataDir(),
      PAYSTACK_SECRET_KEY: "sk_test_abcdef123456",
      PAYSTACK_BASE_URL: "http://127.0.0.1:4010/",
    });
    expect(test.paystack).toMatchObject({ baseUrl: "http://127.0.0.1:4010", testMode: true });
  });

  it("refuses a value that is not a secret key with one line that does not repeat it", () => {
    for (const bad of [
      "pk_test_abcdef123456",
      "sk_test_abc!",
      "sk_prod_abcdef123456",
      "sk_test_a b c d e",
    ]) {
      let message = "";
      try {
        loadConfig({ DATA_DIR: dataDir(), PAYSTACK_SECRET_KEY: bad });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message).toMatch(/^Invalid configuration: PAYSTACK_SECRET_KEY: must be a Paystack/);
      expect(message).not.toContain(bad);
      expect(message).not.toContain("\n");
    }
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), PAYSTACK_BASE_URL: "ftp://paystack.example" }),
    ).toThrow("PAYSTACK_BASE_URL: must be an http(s) URL");
  });
});
