import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import {
  requestInfoContext,
  siteServicesContext,
  type SiteServices,
} from "../../common/load-context.ts";
import type { Enquiry, ParsedEnquiryInput } from "../../common/schemas/enquiry.ts";
import { leadSourceOfRequest } from "./lead-source.server.ts";
import { siteFormAction } from "./site-form-action.ts";

// Where a lead sent without JavaScript came from: derived on the server from the page the
// form posted to and the Referer header.

const page = (url: string, referer?: string) =>
  new Request(url, { method: "POST", headers: referer ? { referer } : {} });

describe("leadSourceOfRequest", () => {
  it("takes the page's path and its UTM parameters, and an external referrer's host", () => {
    expect(
      leadSourceOfRequest(
        page(
          "https://example.ng/contact?utm_source=whatsapp&utm_medium=social&utm_campaign=promo&utm_term=ads&utm_content=banner&other=1",
          "https://www.Google.com/search?q=agency",
        ),
        "https://example.ng",
      ),
    ).toEqual({
      page: "/contact",
      referrer: "www.google.com",
      utmSource: "whatsapp",
      utmMedium: "social",
      utmCampaign: "promo",
      utmTerm: "ads",
      utmContent: "banner",
    });
  });

  it("ignores a Referer of the page's own host or of the public origin", () => {
    expect(
      leadSourceOfRequest(
        page("https://example.ng/social-media", "https://example.ng/social-media"),
      ),
    ).toEqual({ page: "/social-media" });
    // Behind a proxy the request may name an inner address; the public origin is still ours.
    expect(
      leadSourceOfRequest(
        page("http://127.0.0.1:3000/contact", "https://example.ng/contact?utm_source=x"),
        "https://example.ng",
      ),
    ).toEqual({ page: "/contact" });
    // Another port is another host.
    expect(leadSourceOfRequest(page("http://localhost:3000/", "http://localhost:4000/x"))).toEqual({
      page: "/",
      referrer: "localhost",
    });
  });

  it("drops a Referer that is not a URL, blank UTM values and control characters; cuts long ones", () => {
    expect(
      leadSourceOfRequest(
        page(
          `https://example.ng/?utm_source=%20&utm_campaign=${"x".repeat(300)}&utm_term=a%00b`,
          "not a url",
        ),
      ),
    ).toEqual({ page: "/", utmCampaign: "x".repeat(200), utmTerm: "ab" });
    expect(leadSourceOfRequest(page("https://example.ng/", "android-app://com.whatsapp/"))).toEqual(
      { page: "/", referrer: "com.whatsapp" },
    );
  });
});

describe("siteFormAction and the lead source", () => {
  it("stores what the request says about the lead's source with the enquiry", async () => {
    const stored: ParsedEnquiryInput[] = [];
    const context = new RouterContextProvider();
    context.set(siteServicesContext, {
      origin: "https://example.ng",
      enquiries: {
        async create(input: ParsedEnquiryInput) {
          stored.push(input);
          return { _id: "1" } as Enquiry;
        },
      },
    } as unknown as SiteServices);
    context.set(requestInfoContext, {
      nonce: "",
      countSubmission: async () => null,
      logError: () => {},
    });
    const body = new URLSearchParams([
      ["intent", "quick"],
      ["kind", "home"],
      ["name", "Ada Obi"],
      ["email", "ada@example.com"],
    ]);
    const request = new Request("https://example.ng/?utm_source=whatsapp&utm_campaign=promo", {
      method: "POST",
      body,
      headers: { referer: "https://l.facebook.com/" },
    });
    await siteFormAction({
      request,
      context,
      params: {},
      unstable_pattern: "/",
    } as unknown as Parameters<typeof siteFormAction>[0]);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.source).toEqual({
      page: "/",
      referrer: "l.facebook.com",
      utmSource: "whatsapp",
      utmCampaign: "promo",
    });
  });
});
