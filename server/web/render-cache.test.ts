import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./render-cache.ts";

describe("inlineScriptHashes", () => {
  it("hashes the scripts a browser runs, not data blocks or external scripts", () => {
    const html =
      '<script type="application/ld+json">{"@type":"Organization"}</script>' +
      "<script>window.a = 1;</script>" +
      '<script type="module" async="">import("/x.js");</script>' +
      '<script type="text/javascript">window.b = 2;</script>' +
      '<script src="/y.js"></script><script></script>';
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(3);
    for (const hash of hashes) expect(hash).toMatch(/^'sha256-[A-Za-z0-9+/]+={0,2}'$/);
    // The JSON-LD block's text, hashed alone, is not among them.
    const onlyData = inlineScriptHashes('<script type="application/ld+json">{}</script>');
    expect(onlyData).toEqual([]);
  });
});
