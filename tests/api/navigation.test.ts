import { beforeAll, describe, expect, inject, it } from "vitest";
import { defaultNavigation } from "../../common/content/navigation.ts";
import type { Navigation } from "../../common/schemas/navigation.ts";
import { call, editorHeaders, expectAdminOnly, useTestApp } from "./helpers.ts";

// The menus as a setting staff edit (issue 47 item 4, decision 0047): today's menus until a
// save, every link a page of this site, limits on entries and labels, and a staff page in
// the footer that is a link once published and plain text before.

const pages = () => ({ web: true, buildDirectory: inject("buildDir") });

const link = (label: string, to: string, highlight = false) => ({
  kind: "link" as const,
  label,
  to,
  highlight,
});

/** The header's, footer's and 404 page's HTML of a page: what the menus render. */
const footerOf = (html: string) => html.slice(html.indexOf("<footer"), html.indexOf("</footer>"));
const headerOf = (html: string) => html.slice(html.indexOf("<header"), html.indexOf("</header>"));
/** The bar of wide screens: the header's main nav. */
const barOf = (html: string) => {
  const header = headerOf(html);
  return header.slice(header.indexOf('<nav aria-label="Main"'), header.indexOf("</nav>"));
};

describe("the navigation setting", () => {
  const t = useTestApp({}, pages);
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = await t.adminHeaders();
  });

  const read = async () =>
    (await call<Navigation>(t.app, { method: "GET", url: "/api/settings/navigation" })).body;
  const save = (payload: unknown, auth = headers) =>
    call<Navigation & { error?: string }>(t.app, {
      method: "PUT",
      url: "/api/settings/navigation",
      headers: auth,
      payload: payload as Record<string, unknown>,
    });
  const html = async (url: string) => (await t.app.inject({ method: "GET", url })).body;

  it("starts with today's menus, also in GET /api/content", async () => {
    expect(await read()).toEqual(defaultNavigation);
    const { body: all } = await call<{ navigation: Navigation }>(t.app, {
      method: "GET",
      url: "/api/content",
    });
    expect(all.navigation).toEqual(defaultNavigation);
  });

  it("takes saves from signed-in staff only", async () => {
    await expectAdminOnly(t, {
      method: "PUT",
      url: "/api/settings/navigation",
      payload: defaultNavigation,
    });
  });

  it.each([
    ["another site", "//evil.test/login", "a page of this site"],
    ["a backslash host", "/\\evil.test", "a page of this site"],
    ["javascript:", "javascript:alert(1)", "a page of this site"],
    ["a full address", "https://evil.test/", "a page of this site"],
    ["a relative path", "about", "a page of this site"],
    ["spaces", "/about us", "a page of this site"],
    ["nothing", "", "The link is required."],
  ])("refuses a link to %s with a 400", async (_what, to, message) => {
    const answer = await save({ ...defaultNavigation, drawer: [link("Bad", to)] });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain(message);
    expect(await read()).toEqual(defaultNavigation);
  });

  it("refuses too long labels, too many entries, unknown kinds and missing menus", async () => {
    const cases: [unknown, string][] = [
      [
        { ...defaultNavigation, drawer: [link("x".repeat(61), "/")] },
        "The label must be at most 60 characters.",
      ],
      [
        { ...defaultNavigation, drawer: Array.from({ length: 17 }, () => link("Home", "/")) },
        "The drawer: at most 16 entries.",
      ],
      [
        { ...defaultNavigation, footerColumns: Array(4).fill(defaultNavigation.footerColumns[0]) },
        "The footer: at most 3 columns of links.",
      ],
      [
        { ...defaultNavigation, drawer: [{ kind: "script", label: "x", to: "/" }] },
        "An entry is a link or the list of services.",
      ],
      [
        {
          ...defaultNavigation,
          bar: [{ kind: "menu", label: "Empty", link: null, items: [] }],
        },
        "A menu needs at least one entry.",
      ],
      [{ ...defaultNavigation, bar: undefined }, "The bar must be a list of entries."],
      [
        { ...defaultNavigation, notFoundServices: [{ kind: "services", labels: "summary" }] },
        "Choose which name of the services is shown.",
      ],
    ];
    for (const [payload, message] of cases) {
      const answer = await save(payload);
      expect(answer.status, message).toBe(400);
      expect(answer.body.error).toBe(message);
    }
  });

  it("saves a renamed bar entry and a staff page in the footer: text until it is published", async () => {
    const page = await call<{ id: string }>(t.app, {
      method: "POST",
      url: "/api/pages",
      headers,
      payload: { title: "Terms of Service", slug: "terms-of-service", body: "Our terms." },
    });
    expect(page.status).toBe(201);
    const [company, services] = defaultNavigation.footerColumns;
    const changed: Navigation = {
      ...defaultNavigation,
      bar: [link("Start", "/./"), ...defaultNavigation.bar.slice(1)],
      footerColumns: [
        { ...company!, links: [...company!.links, link("Our terms", "/terms-of-service")] },
        services!,
      ],
    };
    const saved = await save(changed);
    expect(saved.status).toBe(200);
    // The link is kept as a browser reads it.
    expect(saved.body.bar[0]).toEqual(link("Start", "/"));
    expect(await read()).toEqual(saved.body);

    const draft = await html("/about");
    expect(barOf(draft)).toMatch(/href="\/"[^>]*>Start<\/a>/);
    expect(barOf(draft)).not.toContain(">Home</a>");
    expect(footerOf(draft)).toContain("<li>Our terms</li>");

    const published = await call(t.app, {
      method: "PUT",
      url: `/api/pages/${page.body.id}`,
      headers,
      payload: {
        title: "Terms of Service",
        slug: "terms-of-service",
        body: "Our terms.",
        status: "published",
      },
    });
    expect(published.status).toBe(200);
    const live = await html("/about");
    expect(footerOf(live)).toMatch(/<a [^>]*href="\/terms-of-service"[^>]*>Our terms<\/a>/);
    // The default "Terms of Service" still goes to /terms, which is not published: text.
    expect(footerOf(live)).toContain("<li>Terms of Service</li>");
  });

  it("lets an editor save, and a reset puts today's menus back", async () => {
    const editor = await editorHeaders(t.app, "nav-editor@example.com");
    const answer = await save(defaultNavigation, editor);
    expect(answer.status).toBe(200);
    expect(await read()).toEqual(defaultNavigation);
    const page = await html("/about");
    expect(barOf(page)).toMatch(/href="\/"[^>]*>Home<\/a>/);
  });
});
