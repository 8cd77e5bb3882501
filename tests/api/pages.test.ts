import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, expectAdminOnly, TEST_PASSWORD, useTestApp } from "./helpers.ts";

// Pages staff make (issue 29 part 3, decision 0030) and packages with their own amount
// (part 6), through the API and the rendered pages.

interface Page {
  id: string;
  slug: string;
  title: string;
  status: string;
  body: string;
}

const terms = {
  title: "Terms of Service",
  slug: "terms",
  body: "These terms apply to every service.\n# Payment\n* Half before work starts\n* Half on delivery",
  seoDescription: "The terms of our services.",
};

const t = useTestApp({}, () => ({ web: true, buildDirectory: inject("buildDir") }));
let owner: { authorization: string };
beforeAll(async () => {
  owner = await t.adminHeaders();
});

const get = (url: string) => t.app.inject({ method: "GET", url });

/** Signs in a new editor (an owner made by the helper, then made an editor). */
async function editorHeaders(): Promise<{ authorization: string }> {
  const email = `editor-${Date.now()}@example.com`;
  await t.app.services.admins.create(email, TEST_PASSWORD);
  await t.app.services.database.db
    .updateTable("admins")
    .set({ role: "editor" })
    .where("email", "=", email)
    .execute();
  const login = await call<{ token: string }>(t.app, {
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password: TEST_PASSWORD },
  });
  return { authorization: `Bearer ${login.body.token}` };
}

describe("pages staff make", () => {
  it("refuses strangers", async () => {
    await expectAdminOnly(t, { method: "POST", url: "/api/pages", payload: terms });
    expect((await get("/api/pages")).statusCode).toBe(401);
  });

  it("refuses an address the site uses, a bad one and a taken one", async () => {
    for (const slug of ["about", "blog", "admin", "social-media-management", "api"]) {
      const answer = await call<{ error: string }>(t.app, {
        method: "POST",
        url: "/api/pages",
        headers: owner,
        payload: { ...terms, slug },
      });
      expect(answer.status, slug).toBe(400);
      expect(answer.body.error).toBe(
        `The address /${slug} is a page of the site already. Choose another address.`,
      );
    }
    const bad = await call<{ error: string }>(t.app, {
      method: "POST",
      url: "/api/pages",
      headers: owner,
      payload: { ...terms, slug: "Terms Of/Service" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/lower-case letters/);
    const first = await call(t.app, {
      method: "POST",
      url: "/api/pages",
      headers: owner,
      payload: { ...terms, slug: "careers", title: "Careers" },
    });
    expect(first.status).toBe(201);
    const again = await call<{ error: string }>(t.app, {
      method: "POST",
      url: "/api/pages",
      headers: owner,
      payload: { ...terms, slug: "careers" },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/\/careers is used by another page/);
  });

  it("serves a page once published, in the footer and the sitemap; a draft is the 404 page", async () => {
    const editor = await editorHeaders();
    const created = await call<Page>(t.app, {
      method: "POST",
      url: "/api/pages",
      headers: editor,
      payload: terms,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: "terms", status: "draft" });
    const draft = await get("/terms");
    expect(draft.statusCode).toBe(404);
    expect(draft.body).toContain("Page not found");
    expect(draft.body).toContain("<li>Terms of Service</li>");
    expect((await get("/sitemap.xml")).body).not.toContain("/terms<");

    const published = await call<Page>(t.app, {
      method: "PUT",
      url: `/api/pages/${created.body.id}`,
      headers: editor,
      payload: { ...terms, status: "published" },
    });
    expect(published.status).toBe(200);
    const page = await get("/terms");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<h2");
    expect(page.body).toContain("<li>Half before work starts</li>");
    expect(page.body).toContain("<p>These terms apply to every service.</p>");
    expect(page.body).toContain('<meta name="description" content="The terms of our services."/>');
    expect(page.body).toMatch(/<a [^>]*href="\/terms"[^>]*>Terms of Service<\/a>/);
    expect((await get("/about")).body).toMatch(/href="\/terms"/);
    expect((await get("/sitemap.xml")).body).toContain("/terms</loc>");

    const entries = await t.app.services.database.db
      .selectFrom("audit_log")
      .select(["action", "entity_type"])
      .where("entity_id", "=", created.body.id)
      .orderBy("at")
      .execute();
    expect(entries).toEqual([
      { action: "create", entity_type: "page" },
      { action: "publish", entity_type: "page" },
    ]);
    const list = await call<Page[]>(t.app, { method: "GET", url: "/api/pages", headers: editor });
    expect(list.body.map((item) => item.slug).sort()).toEqual(["careers", "terms"]);

    // Deleted, the address is the 404 page again and the footer's text plain.
    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: `/api/pages/${created.body.id}`,
          headers: editor,
        })
      ).statusCode,
    ).toBe(200);
    const gone = await get("/terms");
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain("<li>Terms of Service</li>");
  });
});

describe("a package with its own amount", () => {
  it("shows the amount on Social Media Management, and its address names it", async () => {
    const packages = await call<{ _id: string; name: string; priceKey: string }[]>(t.app, {
      method: "GET",
      url: "/api/content/packages",
    });
    const grow = packages.body.find((pack) => pack.priceKey === "grow-me")!;
    const saved = await call(t.app, {
      method: "PUT",
      url: `/api/content/packages/${grow._id}`,
      headers: owner,
      payload: { ...grow, _id: undefined, name: "GROW ME PLUS", priceKey: "", amount: 275000 },
    });
    expect(saved.status).toBe(200);
    const page = (await get("/social-media-management?package=grow-me-plus")).body;
    expect(page).toContain("N275,000");
    expect(page).toContain('href="/social-media-management?package=grow-me-plus#package-enquiry"');
    // The address chose the package in the form.
    expect(page).toMatch(/<option value="GROW ME PLUS" selected="">/);
    // Neither a price key nor an amount: refused with the form's message.
    const neither = await call<{ error: string }>(t.app, {
      method: "PUT",
      url: `/api/content/packages/${grow._id}`,
      headers: owner,
      payload: { ...grow, _id: undefined, priceKey: "", amount: null },
    });
    expect(neither.status).toBe(400);
    expect(neither.body.error).toContain("Enter an amount, or choose a price from the list.");
  });
});
