import { afterEach, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { listContentTypes, singleContentTypes } from "../../../common/schemas/content.ts";
import {
  deleteContent,
  fieldErrors,
  formatNairaInput,
  fromFormValues,
  groupedInOrder,
  groupFieldOf,
  linesToText,
  listContent,
  listTypeOf,
  parseNairaInput,
  previewOf,
  priceText,
  reorderContent,
  saveSetting,
  singleTypeOf,
  textToLines,
  toFormValues,
} from "./content.ts";

describe("naira input", () => {
  it.each([
    ["30000", 30000],
    ["30,000", 30000],
    ["N30,000", 30000],
    ["n30000", 30000],
    ["₦ 30,000", 30000],
    ["NGN 1,000,000", 1000000],
    [" 30 000 ", 30000],
    ["0", 0],
    ["10.5", 10.5],
  ])("reads %j as %d", (text, amount) => {
    expect(parseNairaInput(text)).toBe(amount);
  });

  it("reads blank as no amount and anything else as not an amount", () => {
    expect(parseNairaInput("")).toBeNull();
    expect(parseNairaInput("   ")).toBeNull();
    for (const text of ["N", "abc", "30k", "-5", "3O,000", "1e5", "N 30,000 naira"]) {
      expect(parseNairaInput(text), text).toBeUndefined();
    }
  });

  it("shows an amount the way the site writes it", () => {
    expect(formatNairaInput(35000)).toBe("N35,000");
    expect(formatNairaInput(0)).toBe("N0");
    expect(formatNairaInput(null)).toBe("");
    expect(formatNairaInput(undefined)).toBe("");
    expect(parseNairaInput(formatNairaInput(1234567))).toBe(1234567);
  });
});

describe("one per line", () => {
  it("turns lines into a list, trimmed, without blank lines", () => {
    expect(textToLines("With script\r\n\n  Background music  \n")).toEqual([
      "With script",
      "Background music",
    ]);
    expect(textToLines("")).toEqual([]);
  });

  it("turns a list into lines and back", () => {
    const lines = ["40-second video", "With script"];
    expect(linesToText(lines)).toBe("40-second video\nWith script");
    expect(textToLines(linesToText(lines))).toEqual(lines);
  });
});

describe("the price a list shows", () => {
  const prices = { "video-voice": 10000 };
  it("is the fixed amount, a range, or the linked price", () => {
    expect(priceText({ priceKey: "", amount: 30000, upTo: null }, prices)).toBe("N30,000");
    expect(priceText({ priceKey: "", amount: 100000, upTo: 300000 }, prices)).toBe(
      "N100,000-N300,000",
    );
    expect(priceText({ priceKey: "video-voice", amount: null, upTo: null }, prices)).toBe(
      "video-voice price: N10,000",
    );
    expect(priceText({ priceKey: "gone", amount: null, upTo: null }, prices)).toBe(
      "gone price: not set",
    );
  });
});

describe("form values", () => {
  const rate = listContentTypes["video-rates"];

  it("edit an item and give back what the schema takes", () => {
    const item = {
      title: "40 Seconds Video",
      priceKey: "",
      amount: 30000,
      upTo: null,
      descs: ["40-second video", "With script"],
      tAndC: "Delivery in 2-5 days.",
      buttonDisplay: "Order Now",
    };
    const values = toFormValues(rate.fields, item);
    expect(values).toMatchObject({ amount: "N30,000", upTo: "", descs: item.descs.join("\n") });
    values.amount = "35,000";
    values.descs = "40-second video\n\nWith script\nMusic";
    const back = fromFormValues(rate.fields, values);
    expect(back).toEqual({
      ...item,
      amount: 35000,
      descs: ["40-second video", "With script", "Music"],
    });
    expect(rate.schema.safeParse(back).success).toBe(true);
  });

  it("start blank for a new item, with an empty picture and a colour", () => {
    const team = listContentTypes.team;
    const values = toFormValues(team.fields);
    expect(values).toEqual({
      name: "",
      position: "",
      image: { src: "", alt: "", variants: [] },
      color: "#053685",
      bio: "",
    });
    expect(toFormValues(listContentTypes.packages.fields).featured).toBe(false);
  });

  it("keep a naira text that is not an amount, so the schema names it", () => {
    const offer = listContentTypes.offers;
    const values = toFormValues(offer.fields, { name: "Page Revamp", priceKey: "", amount: 1 });
    values.amount = "thirty";
    const checked = offer.schema.safeParse(fromFormValues(offer.fields, values));
    expect(checked.success).toBe(false);
    if (checked.success) return;
    expect(fieldErrors(offer.fields, checked.error.issues)).toEqual({
      amount: "Amount must be an amount in naira.",
    });
  });

  it("map the schema's messages to fields, the image's alt text apart, in form order", () => {
    const team = listContentTypes.team;
    const values = toFormValues(team.fields);
    values.color = "red";
    const checked = team.schema.safeParse(fromFormValues(team.fields, values));
    expect(checked.success).toBe(false);
    if (checked.success) return;
    const errors = fieldErrors(team.fields, checked.error.issues);
    expect(Object.keys(errors)).toEqual(["name", "position", "image", "image.alt", "color"]);
    expect(errors.image).toBe("Choose an image.");
    expect(errors["image.alt"]).toBe("Alt text is required.");
    expect(errors.color).toBe("Colour must be a colour like #053685.");
  });

  it("serve the settings too", () => {
    const policy = singleContentTypes.policy;
    const values = toFormValues(policy.fields, { lastUpdated: "2024-10-01" });
    expect(fromFormValues(policy.fields, values)).toEqual({ lastUpdated: "2024-10-01" });
  });
});

describe("content types from the URL", () => {
  it("know the types and nothing else", () => {
    expect(listTypeOf("faq")).toBe("faq");
    expect(listTypeOf("toString")).toBeUndefined();
    expect(listTypeOf(undefined)).toBeUndefined();
    expect(singleTypeOf("contact")).toBe("contact");
    expect(singleTypeOf("faq")).toBeUndefined();
  });
});

describe("the calls", () => {
  function answer(body: unknown) {
    const stub = vi.fn<typeof fetch>(async () => Response.json(body));
    vi.stubGlobal("fetch", stub);
    return stub;
  }
  afterEach(() => vi.unstubAllGlobals());

  const faq = { _id: "f1", question: "Do you work weekends?", answer: "On Saturdays." };

  it("parse a list with the type's schema, ids kept", async () => {
    answer([faq, { ...faq, _id: "f2", extra: "dropped" }]);
    await expect(listContent("faq")).resolves.toEqual([faq, { ...faq, _id: "f2" }]);
  });

  it("report a malformed answer as an error", async () => {
    answer([{ question: "No id", answer: "x" }]);
    await expect(listContent("faq")).rejects.toBeInstanceOf(ZodError);
    answer([{ _id: "c1", value: "", label: "Clients" }]);
    await expect(listContent("claims")).rejects.toBeInstanceOf(ZodError);
    answer({ success: false });
    await expect(deleteContent("faq", "f1")).rejects.toBeInstanceOf(ZodError);
  });

  it("send a new order and a setting as JSON", async () => {
    const fetch = answer([faq]);
    await reorderContent("faq", ["f1"]);
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/content/faq/order");
    const init = fetch.mock.calls[0]?.[1] as RequestInit;
    expect(init.method).toBe("PUT");
    expect(JSON.parse(init.body as string)).toEqual({ ids: ["f1"] });

    answer({ lastUpdated: "2025-03-15" });
    await expect(saveSetting("policy", { lastUpdated: "2025-03-15" })).resolves.toEqual({
      lastUpdated: "2025-03-15",
    });
  });
});

describe("service blocks in the editor", () => {
  const { fields, schema } = listContentTypes["service-blocks"];

  it("sends no picture for a block left without one, and refuses alt text alone", () => {
    const values = toFormValues(fields, { page: "ads" });
    expect(values.page).toBe("ads");
    const item = fromFormValues(fields, { ...values, title: "Retargeting", text: "Ads again." });
    expect(item).toMatchObject({ page: "ads", image: null, options: [] });
    expect(schema.safeParse(item).success).toBe(true);
    const altOnly = fromFormValues(fields, {
      ...values,
      title: "T",
      text: "X",
      image: { src: "", alt: "A chart", variants: [] },
    });
    expect(schema.safeParse(altOnly).success).toBe(false);
  });

  it("groups the list by page in menu order, each page in its own order", () => {
    const field = groupFieldOf("service-blocks")!;
    const items = [
      { title: "a", page: "ads" },
      { title: "b", page: "social-media" },
      { title: "c", page: "ads" },
      { title: "d", page: "page-revamp" },
      { title: "e", page: "social-media" },
    ];
    expect(groupedInOrder(items, field).map((item) => item.title)).toEqual([
      "b",
      "e",
      "a",
      "c",
      "d",
    ]);
    expect(groupFieldOf("faq")).toBeUndefined();
    expect(previewOf("service-blocks", { page: "branding" })).toBe("/branding#blocks");
    expect(previewOf("faq", { question: "Q" })).toBe("/contact#faq-title");
  });
});
