import { describe, expect, it } from "vitest";
import { createPasswordHasher, generatePassword, PRODUCTION_HASH_COST } from "./password.ts";

describe("password hashes", () => {
  const production = createPasswordHasher();
  const cheap = createPasswordHasher(4);

  it("hash at scrypt N = 2^15 unless a cheaper cost is asked for, and carry their parameters", async () => {
    expect(PRODUCTION_HASH_COST).toBe(15);
    expect(await production.hash("correct horse battery staple")).toMatch(
      /^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/,
    );
    expect(await cheap.hash("correct horse battery staple")).toMatch(
      /^scrypt\$16\$8\$1\$[\w-]{22}\$[\w-]{86}$/,
    );
    expect(production.decoyHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(cheap.decoyHash).toMatch(/^scrypt\$16\$8\$1\$/);
  });

  it("verify a hash of either cost, whatever the cost of the hasher", async () => {
    const password = generatePassword();
    for (const stored of [await production.hash(password), await cheap.hash(password)]) {
      for (const hasher of [production, cheap]) {
        expect(await hasher.verify(password, stored)).toBe(true);
        expect(await hasher.verify(`${password}x`, stored)).toBe(false);
      }
    }
    expect(await cheap.verify(password, cheap.decoyHash)).toBe(false);
    expect(await cheap.verify(password, "bcrypt$whatever")).toBe(false);
  });

  it("refuse a cost outside 4..15", () => {
    for (const cost of [3, 16, 4.5]) expect(() => createPasswordHasher(cost)).toThrow(RangeError);
  });
});
