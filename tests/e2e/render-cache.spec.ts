import { expect, test } from "./fixtures";

// A page from the render cache (docs/decisions/0014) carries the hashes of its inline
// scripts instead of a nonce: the browser runs exactly those, hydrates, and refuses others.
test("a stored page hydrates under its hash-based CSP and refuses an injected script", async ({
  page,
  allowConsoleErrors,
}) => {
  // The script it injects is refused, and the browser says so in the console.
  allowConsoleErrors(/^Executing inline script violates the following Content Security Policy/);
  await page.goto("/services");
  const response = await page.goto("/services");
  const headers = response!.headers();
  expect(headers["etag"]).toMatch(/^W\//);
  const policy = headers["content-security-policy"]!;
  expect(policy).toMatch(/script-src 'self' 'sha256-/);
  expect(policy).not.toContain("nonce-");
  // Hydrated (the fixture's goto waits for it): a client-side navigation works.
  await page.getByRole("link", { name: "Blog" }).first().click();
  await expect(page).toHaveURL(/\/blog$/);

  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (directive: string) => violations.push(directive));
  const ran = await page.evaluate(async () => {
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportViolation(d: string): void }).reportViolation(
        event.effectiveDirective,
      ),
    );
    const script = document.createElement("script");
    script.textContent = "window.injected = true";
    // An inserted inline script runs, or is refused, within append() itself.
    document.body.append(script);
    return (window as unknown as { injected?: boolean }).injected ?? false;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations).toContain("script-src-elem");
});
