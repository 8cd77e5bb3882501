import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalPath, isPlainPath } from "./canonical-path.ts";

describe("canonicalPath", () => {
  it.each([
    ["/", "/"],
    ["/about", "/about"],
    ["/about/", "/about/"],
    ["/ADMIN/staff", "/admin/staff"],
    ["/Admin/login", "/admin/login"],
    ["/%61dmin/staff", "/admin/staff"],
    ["/Admin/staff.data", "/admin/staff.data"],
    ["//admin/staff", "/admin/staff"],
    ["/x/../admin/staff", "/admin/staff"],
    ["/admin/./staff", "/admin/staff"],
    ["/\\admin/staff", "/admin/staff"],
    ["/%2e%2e/admin", "/admin"],
    ["/admin%2fstaff", "/admin%2Fstaff"],
    ["/caf%c3%a9", "/caf%C3%A9"],
    ["/a b", "/a%20b"],
    ["/%7e", "/~"],
    // The case-sensitive rest of a few places keeps its case; their prefix does not.
    ["/blog/preview/AbC-_x", "/blog/preview/AbC-_x"],
    ["/Blog/Preview/AbC", "/blog/preview/AbC"],
    ["/newsletter/unsubscribe/0f-Ab.Xy_-Z", "/newsletter/unsubscribe/0f-Ab.Xy_-Z"],
    ["/Newsletter/Confirm/0f-Ab.Xy", "/newsletter/confirm/0f-Ab.Xy"],
    ["/assets/Root-AB.js", "/assets/Root-AB.js"],
    ["/API/blogs", "/api/blogs"],
    ["/api/%62logs", "/api/blogs"],
    ["/Media/blogs/x.webp", "/media/blogs/x.webp"],
  ])("%s → %s", (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
  });

  it("is its own canonical form (a redirect never leads to another), and plain paths are canonical", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9%._~\-\\ /é]{0,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), (segments) => {
        const path = `/${segments.join("/")}`;
        const canonical = canonicalPath(path);
        expect(canonicalPath(canonical)).toBe(canonical);
        if (isPlainPath(path)) expect(canonical).toBe(path);
      }),
      { numRuns: 2000 },
    );
  });
});
