import { describe, expect, it, vi } from "vitest";
import { DatabaseAvailability, DatabaseUnavailable, unavailableKind } from "./availability.ts";

const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("unavailableKind", () => {
  it("names a locked SQLite busy and a gone one unreachable", () => {
    expect(unavailableKind(coded("SQLITE_BUSY"))).toBe("busy");
    expect(unavailableKind(coded("SQLITE_BUSY_SNAPSHOT"))).toBe("busy");
    expect(unavailableKind(coded("SQLITE_LOCKED"))).toBe("busy");
    expect(unavailableKind(coded("SQLITE_IOERR_WRITE"))).toBe("unreachable");
    expect(unavailableKind(coded("SQLITE_CANTOPEN"))).toBe("unreachable");
    expect(unavailableKind(coded("SQLITE_FULL"))).toBe("unreachable");
  });

  it("names refused, cut and shut-down PostgreSQL connections unreachable", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "57P01", "57P03", "08006", "53300"]) {
      expect(unavailableKind(coded(code))).toBe("unreachable");
    }
    expect(unavailableKind(new Error("Connection terminated unexpectedly"))).toBe("unreachable");
    expect(unavailableKind(new Error("timeout exceeded when trying to connect"))).toBe(
      "unreachable",
    );
  });

  it("leaves the errors of a request alone: constraints, bad SQL, bugs", () => {
    expect(unavailableKind(coded("SQLITE_CONSTRAINT_UNIQUE"))).toBeUndefined();
    expect(unavailableKind(coded("23505"))).toBeUndefined();
    expect(unavailableKind(coded("42P01"))).toBeUndefined();
    expect(unavailableKind(new TypeError("x is undefined"))).toBeUndefined();
    expect(unavailableKind(undefined)).toBeUndefined();
  });
});

describe("DatabaseAvailability", () => {
  it("logs once when the database goes, once when the probe finds it back", async () => {
    const lines: string[] = [];
    const log = {
      warn: (_fields: object, message: string) => lines.push(message),
      info: (_fields: object, message: string) => lines.push(message),
    };
    const availability = new DatabaseAvailability(log, 5);
    let back = false;
    const probe = vi.fn(async () => {
      if (!back) throw new DatabaseUnavailable("unreachable", coded("ECONNREFUSED"));
    });
    availability.probeWith(probe);
    try {
      for (let i = 0; i < 50; i++) availability.failed("unreachable", coded("ECONNREFUSED"));
      expect(availability.down?.kind).toBe("unreachable");
      await vi.waitFor(() => expect(probe.mock.calls.length).toBeGreaterThanOrEqual(2));
      back = true;
      await vi.waitFor(() => expect(availability.down).toBeUndefined());
      expect(lines).toEqual([
        "database unreachable: writes answer 503 until it is back",
        "database is back",
      ]);
    } finally {
      availability.close();
    }
  });
});
