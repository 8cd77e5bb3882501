// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pageViewBeaconSchema } from "../../common/schemas/traffic.ts";
import { TRAFFIC_BEACON_PATH } from "../../common/traffic.ts";
import { sendPageView } from "./beacon.ts";
import { LEAD_SOURCE_KEY, rememberLandingSource } from "./lead-source.ts";
import { TOKEN_KEY } from "./staff-token.ts";

// The page's beacon (issue 33): one request to this site per page view, with the path, the
// visit's landing source and the screen's width; nothing for staff, nothing while a page is
// only prerendered, nothing stored, and never an exception.

type SendBeacon = (url: string, body: string) => boolean;

function visit(path: string, referrer = "") {
  window.history.replaceState(null, "", path);
  vi.spyOn(document, "referrer", "get").mockReturnValue(referrer);
}

/** navigator.sendBeacon (jsdom has none), answering `queued`; the calls it got. */
function stubSendBeacon(queued = true) {
  const sendBeacon = vi.fn<SendBeacon>(() => queued);
  Object.defineProperty(navigator, "sendBeacon", { value: sendBeacon, configurable: true });
  return sendBeacon;
}

function stubFetch() {
  const fetch = vi.fn<typeof window.fetch>(() => Promise.resolve(new Response(null)));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** The beacon bodies sent, parsed, each checked against the server's schema. */
function sentBodies(sendBeacon: ReturnType<typeof stubSendBeacon>) {
  return sendBeacon.mock.calls.map(([url, body]) => {
    expect(url).toBe(TRAFFIC_BEACON_PATH);
    return pageViewBeaconSchema.strict().parse(JSON.parse(body));
  });
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  vi.spyOn(screen, "width", "get").mockReturnValue(390);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "sendBeacon");
  Reflect.deleteProperty(document, "prerendering");
});

describe("the page's beacon", () => {
  it("sends the path, the landing source and the screen's width, to this site only", () => {
    const sendBeacon = stubSendBeacon();
    const fetch = stubFetch();
    visit(
      "/?utm_source=Newsletter&utm_medium=email&utm_campaign=spring",
      "https://www.google.com/search?q=agency",
    );
    rememberLandingSource();
    sendPageView();
    // A later page of the visit, reached from our own page, without the parameters.
    visit("/contact#form", `${window.location.origin}/`);
    sendPageView();
    expect(sentBodies(sendBeacon)).toEqual([
      {
        path: "/",
        referrer: "www.google.com",
        utmSource: "Newsletter",
        utmCampaign: "spring",
        width: 390,
      },
      {
        path: "/contact",
        referrer: "www.google.com",
        utmSource: "Newsletter",
        utmCampaign: "spring",
        width: 390,
      },
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("leaves out the source fields of a direct visit", () => {
    const sendBeacon = stubSendBeacon();
    visit("/services");
    rememberLandingSource();
    sendPageView();
    expect(sendBeacon.mock.calls.map(([, body]) => body)).toEqual([
      JSON.stringify({ path: "/services", width: 390 }),
    ]);
  });

  it("posts with fetch, keepalive and without credentials, when sendBeacon is missing or refuses", async () => {
    const fetch = stubFetch();
    visit("/about");
    sendPageView();
    const sendBeacon = stubSendBeacon(false);
    sendPageView();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    for (const [url, init] of fetch.mock.calls) {
      expect(url).toBe(TRAFFIC_BEACON_PATH);
      expect(init).toEqual({
        method: "POST",
        body: JSON.stringify({ path: "/about", width: 390 }),
        keepalive: true,
        credentials: "omit",
      });
    }
    // A failed post is no error of the page.
    fetch.mockImplementation(() => Promise.reject(new TypeError("Failed to fetch")));
    Reflect.deleteProperty(navigator, "sendBeacon");
    expect(() => sendPageView()).not.toThrow();
    await Promise.resolve();
  });

  it("sends nothing while staff are signed in in this browser", () => {
    const sendBeacon = stubSendBeacon();
    const fetch = stubFetch();
    localStorage.setItem(TOKEN_KEY, "a.staff.token");
    visit("/blog");
    sendPageView();
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    localStorage.removeItem(TOKEN_KEY);
    sendPageView();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it("waits until a prerendered page is shown, and sends once then", () => {
    const sendBeacon = stubSendBeacon();
    Object.defineProperty(document, "prerendering", { value: true, configurable: true });
    visit("/services");
    sendPageView();
    expect(sendBeacon).not.toHaveBeenCalled();
    Object.defineProperty(document, "prerendering", { value: false, configurable: true });
    document.dispatchEvent(new Event("prerenderingchange"));
    document.dispatchEvent(new Event("prerenderingchange"));
    expect(sentBodies(sendBeacon)).toEqual([{ path: "/services", width: 390 }]);
  });

  it("stores nothing of its own and sets no cookie", () => {
    stubSendBeacon();
    visit("/?utm_source=whatsapp");
    rememberLandingSource();
    const kept = sessionStorage.getItem(LEAD_SOURCE_KEY);
    const setItem = vi.spyOn(Storage.prototype, "setItem");
    sendPageView();
    visit("/contact");
    sendPageView();
    expect(setItem).not.toHaveBeenCalled();
    expect(Object.keys(sessionStorage)).toEqual([LEAD_SOURCE_KEY]);
    expect(sessionStorage.getItem(LEAD_SOURCE_KEY)).toBe(kept);
    expect(localStorage).toHaveLength(0);
    expect(document.cookie).toBe("");
  });

  it("never throws: blocked storage still counts, a throwing sendBeacon is swallowed", () => {
    const sendBeacon = stubSendBeacon();
    visit("/contact?utm_source=sms", "https://t.co/x");
    vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new Error("blocked");
    });
    vi.spyOn(window, "sessionStorage", "get").mockImplementation(() => {
      throw new Error("blocked");
    });
    sendPageView();
    // Without storage, the page's own URL and referrer are the source.
    expect(sentBodies(sendBeacon)).toEqual([
      { path: "/contact", referrer: "t.co", utmSource: "sms", width: 390 },
    ]);
    sendBeacon.mockImplementation(() => {
      throw new TypeError("Illegal invocation");
    });
    expect(() => sendPageView()).not.toThrow();
  });
});
