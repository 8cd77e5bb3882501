import { expect, it } from "vitest";
import { SLOT_TAKEN, type Slot } from "../../common/booking.ts";
import { call, createTestApp, sameDatabase } from "./helpers.ts";

// Two instances on one PostgreSQL schema (issue 52, item 4): 20 visitors booking one slot
// at once, half on each, get one booking; the other 19 get the 409. PostgreSQL only (the
// SQLite project leaves postgres-*.test.ts out).

const NOW = Date.parse("2030-06-10T08:10:00Z");
const options = { clock: () => NOW };

it("gives one slot to one of 20 simultaneous visitors across two instances", async () => {
  const a = await createTestApp({}, options);
  const b = await createTestApp(sameDatabase(a), options);
  const slots = (
    await call<{ slots: Slot[] }>(a.app, { method: "GET", url: "/api/bookings/slots" })
  ).body.slots;
  const slot = slots[0]!.start;
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      call<{ error?: string }>((i % 2 ? a : b).app, {
        method: "POST",
        url: "/api/bookings",
        payload: {
          name: `Visitor ${i}`,
          email: `visitor${i}@example.com`,
          phone: "8091112222",
          message: "A consultation, please.",
          slot,
        },
      }),
    ),
  );
  expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
  const refused = answers.filter((answer) => answer.status === 409);
  expect(refused).toHaveLength(19);
  expect(new Set(refused.map((answer) => answer.body.error))).toEqual(new Set([SLOT_TAKEN]));
  const held = await a.app.services.database.db
    .selectFrom("bookings")
    .select("id")
    .where("held_start", "=", slot)
    .execute();
  expect(held).toHaveLength(1);
  // The other instance no longer offers it either.
  const fromB = (
    await call<{ slots: Slot[] }>(b.app, { method: "GET", url: "/api/bookings/slots" })
  ).body.slots;
  expect(fromB.some((free) => free.start === slot)).toBe(false);
});
