import { afterEach, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { getPriceUses, listPrices, savePrice } from "./prices.ts";

function answer(body: unknown) {
  const stub = vi.fn<typeof fetch>(async () => Response.json(body));
  vi.stubGlobal("fetch", stub);
  return stub;
}

afterEach(() => vi.unstubAllGlobals());

const content = {
  packages: [{ _id: "p1", name: "GROW ME", priceKey: "grow-me", amount: null, upTo: null }],
  offers: [{ _id: "o1", name: "Voiceover", priceKey: "", amount: 10000, upTo: null }],
  "video-rates": [{ _id: "r1", title: "Video Voice Over", priceKey: "video-voice" }],
  "ads-offers": [],
  team: [],
};

describe("prices", () => {
  it("sends the amount as a number and passes on the saved price", async () => {
    const fetch = answer({ key: "grow-me", amount: 250000 });
    await expect(savePrice("grow-me", 250000)).resolves.toEqual({ key: "grow-me", amount: 250000 });
    const init = fetch.mock.calls[0]?.[1] as RequestInit;
    expect(JSON.parse(init.body as string)).toEqual({ key: "grow-me", amount: 250000 });
  });

  it("reports a malformed answer as an error", async () => {
    answer([{ key: "grow-me", amount: "250000" }]);
    await expect(listPrices()).rejects.toBeInstanceOf(ZodError);
    answer({ ...content, packages: [{ name: "GROW ME" }], "video-rates": undefined });
    await expect(getPriceUses()).rejects.toBeInstanceOf(ZodError);
  });

  it("says what each key is used for and where", async () => {
    answer(content);
    const uses = await getPriceUses();
    expect(uses.get("grow-me")).toEqual([
      { what: "GROW ME package, monthly", where: "/social-media-management" },
    ]);
    expect(uses.get("video-voice")).toEqual([
      { what: "Video Voice Over (video rate)", where: "/video-creation" },
    ]);
    expect(uses.has("take-off")).toBe(false);
  });
});
