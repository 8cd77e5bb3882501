import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";

// The web font: pages whose text is ASCII and common punctuation are set in the site's cut of
// Plus Jakarta Sans (app/fonts, scripts/subset-font.ts), which comes inside the stylesheet;
// any other character still gets the family's full faces, downloaded then.

/** The .woff2 files the page requests from now on. */
function fontRequests(page: Page): string[] {
  const files: string[] = [];
  page.on("request", (request) => {
    const name = new URL(request.url()).pathname.split("/").pop() ?? "";
    if (name.endsWith(".woff2")) files.push(name);
  });
  return files;
}

/** The fonts the browser drew the element's text with: family name → glyph count. */
async function drawnWith(page: Page, selector: string): Promise<Record<string, number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  const { nodeIds } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector });
  expect(nodeIds.length, selector).toBeGreaterThan(0);
  const drawn: Record<string, number> = {};
  for (const nodeId of nodeIds) {
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    for (const font of fonts) {
      const name = `${font.familyName}${font.isCustomFont ? " (web font)" : ""}`;
      drawn[name] = (drawn[name] ?? 0) + font.glyphCount;
    }
  }
  await cdp.detach();
  return drawn;
}

test("a page of ASCII text downloads no font file (the site's cut comes inside the stylesheet) and draws every glyph with it", async ({
  page,
}) => {
  for (const path of ["/", "/policy"]) {
    const files = fontRequests(page);
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready);
    expect(files, path).toEqual([]);
    const drawn = await drawnWith(page, "main :is(h1, h2, h3, p, li, a), footer p");
    expect(Object.keys(drawn), path).toEqual(["Plus Jakarta Sans (web font)"]);
    page.removeAllListeners("request");
  }
});

test("a character outside the cut (é, ï, ₦) still gets the full faces of the family", async ({
  page,
}) => {
  await page.goto("/policy");
  // Hydration would take out a line added to the server's HTML before it.
  await waitForHydration(page);
  await page.evaluate(() => document.fonts.ready);
  const files = fontRequests(page);
  await page.evaluate(() => {
    const line = document.createElement("p");
    line.id = "outside-the-cut";
    line.textContent = "Café in Lagos: ₦5,000 for a naïve plan";
    document.body.append(line);
  });
  // The faces its characters need are requested when the line is laid out, and it is drawn
  // again once they arrive.
  await expect
    .poll(() => files)
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^plus-jakarta-sans-latin-wght-normal-[\w-]+\.woff2$/),
      ]),
    );
  await page.evaluate(() => document.fonts.ready);
  await expect
    .poll(() => drawnWith(page, "#outside-the-cut"))
    .toEqual({ "Plus Jakarta Sans (web font)": expect.any(Number) });
});
