import { beforeAll, describe, expect, it } from "vitest";
import { call, signIn, staffHeaders, useTestApp } from "./helpers.ts";

// Every admin route's roles are in its OpenAPI security (bearerAuth's list, decision 0051),
// and the API keeps to them: each admin operation is called as an editor and as an author,
// and answers 403 exactly when the role is not listed (an allowed call may still be a 400,
// 404 or 409 for the made-up id and the missing body, never a 403 nor a 5xx).

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ["get", "put", "post", "delete", "patch"];
const ROLES = ["owner", "editor", "author"];
/** The calls that end the session they are made with: made last, each with a fresh one. */
const SIGNS_OUT = new Set(["logout", "logoutAll", "endOtherSessions"]);

describe("the roles of the admin routes", () => {
  const t = useTestApp();
  let admin: { name: string; method: string; url: string; roles: string[]; id: string }[];
  beforeAll(async () => {
    const { body } = await call<OpenApiDocument>(t.app, {
      method: "GET",
      url: "/api/openapi.json",
    });
    admin = Object.entries(body.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .flatMap(([method, operation]) => {
          const bearer = (operation.security ?? []).find((entry) => "bearerAuth" in entry);
          if (!bearer) return [];
          return [
            {
              name: `${method.toUpperCase()} ${path}`,
              method: method.toUpperCase(),
              url: path.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000"),
              roles: bearer.bearerAuth!,
              id: operation.operationId ?? "",
            },
          ];
        }),
    );
  });

  it("names the roles of every admin operation in its security", () => {
    expect(admin.length).toBeGreaterThan(100);
    for (const { name, roles } of admin) {
      expect(roles.length, name).toBeGreaterThan(0);
      expect(roles, name).toContain("owner");
      for (const role of roles) expect(ROLES, name).toContain(role);
    }
    const open = (role: string) => admin.filter((op) => op.roles.includes(role)).map((op) => op.id);
    // An author: their account and their posts, nothing of the agency's business.
    expect(open("author")).toEqual(
      expect.arrayContaining(["getMe", "createBlog", "submitBlogForReview", "uploadMedia"]),
    );
    for (const id of ["listEnquiries", "listSubscribers", "listStaff", "returnBlogToDraft"]) {
      expect(open("author"), id).not.toContain(id);
    }
    expect(open("editor")).not.toContain("listStaff");
  });

  for (const role of ["editor", "author"] as const) {
    it(`refuses an ${role} exactly the operations that do not name the role`, async () => {
      const email = `${role}.roles@example.com`;
      let headers = await staffHeaders(t.app, email, role);
      const ordered = [
        ...admin.filter((op) => !SIGNS_OUT.has(op.id)),
        ...admin.filter((op) => SIGNS_OUT.has(op.id)),
      ];
      const seen: string[] = [];
      for (const op of ordered) {
        if (SIGNS_OUT.has(op.id)) headers = await signIn(t.app, email);
        const { status, body } = await call<{ error?: string }>(t.app, {
          method: op.method as "GET",
          url: op.url,
          headers,
        });
        const allowed = op.roles.includes(role);
        expect(status, `${op.name}: ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(status, op.name).not.toBe(401);
        seen.push(
          `${op.name}: ${allowed ? "allowed" : "refused"} ${status === 403 ? "403" : "ok"}`,
        );
        expect(`${op.name}: ${status === 403}`).toBe(`${op.name}: ${!allowed}`);
        if (!allowed && role === "author") expect(body.error, op.name).toMatch(/author/);
      }
      expect(seen.length).toBe(admin.length);
    });
  }
});
