// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { enquiryInputSchema } from "../../common/schemas/enquiry.ts";
import { enquiryPayload } from "./enquiry-payload.ts";
import { currentLeadSource, LEAD_SOURCE_KEY, rememberLandingSource } from "./lead-source.ts";

// The browser side of lead sources: the first page view of a visit keeps the landing referrer
// and UTM parameters in sessionStorage; an enquiry carries them with its own page.

function visit(path: string, referrer = "") {
  window.history.replaceState(null, "", path);
  vi.spyOn(document, "referrer", "get").mockReturnValue(referrer);
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe("lead source in the browser", () => {
  it("keeps the landing page's UTM parameters and external referrer for the whole visit", () => {
    visit("/?utm_source=whatsapp&utm_campaign=promo", "https://www.google.com/search?q=x");
    rememberLandingSource();
    // A later page of the visit, reached from our own page with other parameters.
    visit("/contact?utm_source=other", `${window.location.origin}/`);
    rememberLandingSource();
    expect(currentLeadSource()).toEqual({
      page: "/contact",
      referrer: "www.google.com",
      utmSource: "whatsapp",
      utmCampaign: "promo",
    });
  });

  it("keeps nothing from a visit that came from our own pages without parameters", () => {
    visit("/services", `${window.location.origin}/`);
    rememberLandingSource();
    expect(JSON.parse(sessionStorage.getItem(LEAD_SOURCE_KEY)!)).toEqual({});
    visit("/contact?utm_source=late");
    expect(currentLeadSource()).toEqual({ page: "/contact" });
  });

  it("falls back to the page itself when storage is blocked or holds garbage", () => {
    visit("/contact?utm_medium=email", "https://mail.example.com/");
    vi.spyOn(window, "sessionStorage", "get").mockImplementation(() => {
      throw new Error("blocked");
    });
    rememberLandingSource();
    expect(currentLeadSource()).toEqual({
      page: "/contact",
      referrer: "mail.example.com",
      utmMedium: "email",
    });
    vi.restoreAllMocks();
    sessionStorage.setItem(
      LEAD_SOURCE_KEY,
      JSON.stringify({ referrer: "bad host/", utmSource: 5, utmTerm: "ok" }),
    );
    visit("/");
    expect(currentLeadSource()).toEqual({ page: "/", utmTerm: "ok" });
    sessionStorage.setItem(LEAD_SOURCE_KEY, "{not json");
    expect(currentLeadSource()).toEqual({ page: "/" });
  });

  it("goes into the enquiry payload, which the shared schema accepts", () => {
    visit(`/?utm_source=${"w".repeat(400)}`);
    rememberLandingSource();
    visit("/contact");
    const payload = enquiryPayload(
      "home",
      { name: "Ada", email: "ada@example.com" },
      currentLeadSource(),
    );
    expect(payload.source).toEqual({ page: "/contact", utmSource: "w".repeat(200) });
    const parsed = enquiryInputSchema.safeParse(payload);
    expect(parsed.success).toBe(true);
    expect(enquiryPayload("home", { name: "Ada", email: "a@b.co" }, {})).not.toHaveProperty(
      "source",
    );
    expect(enquiryPayload("home", { name: "Ada", email: "a@b.co" })).not.toHaveProperty("source");
  });
});
