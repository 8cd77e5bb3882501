import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { defaultContact } from "../../../common/content/defaults.ts";
import type { ContactDetails } from "../../../common/schemas/content.ts";
import { defaultItems } from "../../../tests/factories/content.ts";
import { findPackage } from "../../copy/packages-copy.ts";
import { ContactDetailsProvider } from "../../lib/contact-details.tsx";
import { PackagesSection } from "./packages-section.tsx";

const packages = defaultItems("packages");

const render = (
  prices: Record<string, number>,
  {
    items = packages,
    contact = defaultContact,
  }: { items?: typeof packages; contact?: ContactDetails } = {},
) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ContactDetailsProvider contact={contact}>
        <PackagesSection packages={items} prices={prices} />
      </ContactDetailsProvider>
    </MemoryRouter>,
  );
const priceOf = (html: string, key: string) =>
  new RegExp(`data-price-key="${key}">([^<]*)<`).exec(html)?.[1];

describe("PackagesSection", () => {
  it("shows each package's price from the map in naira, per month", () => {
    const html = render({
      "take-off": 100000,
      "empower-me": 180000,
      "grow-me": 250000,
      "brand-me": 350000,
    });
    expect(priceOf(html, "take-off")).toBe("N100,000");
    expect(priceOf(html, "empower-me")).toBe("N180,000");
    expect(priceOf(html, "grow-me")).toBe("N250,000");
    expect(priceOf(html, "brand-me")).toBe("N350,000");
    expect(html.match(/\/month/g)).toHaveLength(4);
    expect(html).not.toContain("Price on request");
    for (const name of ["TAKE OFF", "EMPOWER ME", "GROW ME", "BRAND ME"])
      expect(html).toContain(name);
  });

  it("says 'Price on request' for a missing price, never NaN", () => {
    const html = render({ "take-off": 120000 });
    expect(priceOf(html, "take-off")).toBe("N120,000");
    for (const key of ["empower-me", "grow-me", "brand-me"]) {
      expect(priceOf(html, key)).toBe("Price on request");
    }
    expect(html.match(/\/month/g)).toHaveLength(1);
    expect(html).not.toContain("NaN");
  });

  it("links each Choose Package to the package form with that package, and a WhatsApp chat", () => {
    const html = render({});
    for (const slug of ["take-off", "empower-me", "grow-me", "brand-me"]) {
      expect(html).toContain(`href="/social-media-management?package=${slug}#package-enquiry"`);
    }
    expect(html).toContain("https://wa.me/2348123456789?text=");
    expect(html).toContain(encodeURIComponent("the GROW ME package"));
  });

  it("chats on the WhatsApp number of the contact details, else on the phone's digits", () => {
    const own = render({}, { contact: { ...defaultContact, whatsapp: "2347000000001" } });
    expect(own).toContain("https://wa.me/2347000000001?text=");
    const phone = render(
      {},
      { contact: { ...defaultContact, whatsapp: "", phone: "+234 701 234 5678" } },
    );
    expect(phone).toContain("https://wa.me/2347012345678?text=");
  });

  it("shows the packages it is given, and nothing at all without any", () => {
    const one = render({ "grow-me": 250000 }, { items: [{ ...packages[2]!, name: "GROW BIG" }] });
    expect(one.match(/Choose Package:/g)).toHaveLength(1);
    expect(one).toContain("GROW BIG");
    expect(one).not.toContain("TAKE OFF");
    expect(render({}, { items: [] })).toBe("");
  });
});

describe("findPackage", () => {
  it("knows a package by its slug or its name in any case, and nothing else", () => {
    expect(findPackage(packages, "grow-me")?.name).toBe("GROW ME");
    expect(findPackage(packages, "GROW ME")?.name).toBe("GROW ME");
    expect(findPackage(packages, " brand me ")?.name).toBe("BRAND ME");
    expect(findPackage(packages, "Take_Off")?.name).toBe("TAKE OFF");
    for (const value of [null, undefined, "", "grow", "<script>"]) {
      expect(findPackage(packages, value)).toBeUndefined();
    }
    expect(findPackage([], "grow-me")).toBeUndefined();
  });
});
