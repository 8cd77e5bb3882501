import { describe, expect, it } from "vitest";
import { postgresChannel } from "./change-relay.ts";

describe("postgresChannel", () => {
  it("is one per schema, and fits PostgreSQL's 63-byte identifiers", () => {
    expect(postgresChannel(undefined)).toBe("agency_changes_public");
    expect(postgresChannel("test_abc")).toBe("agency_changes_test_abc");
    const long = "s".repeat(63);
    const longer = `${"s".repeat(62)}t`;
    expect(postgresChannel(long)).toMatch(/^agency_changes_[0-9a-f]{40}$/);
    expect(postgresChannel(long).length).toBeLessThanOrEqual(63);
    expect(postgresChannel(long)).not.toBe(postgresChannel(longer));
  });
});
