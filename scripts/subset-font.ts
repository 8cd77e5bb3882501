// Makes app/fonts/plus-jakarta-sans-core.woff2: Plus Jakarta Sans (the Fontsource latin file)
// cut to the characters the site's text uses (printable ASCII and the characters in
// CORE_EXTRA) and to the weights it uses (400–800), 13 KB instead of 27 KB. app/styles/app.css
// declares it after Fontsource's faces (and the build puts it inside the stylesheet), with a
// unicode-range of those characters: a page
// whose text has no other character downloads this file alone; any other character of a post
// (é, ₦…) still gets the full face, which the browser downloads only then.
// Run with `node scripts/subset-font.ts` after changing CORE_EXTRA; the output is committed.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import subsetFont from "subset-font";

/** The characters besides printable ASCII (keep app.css's unicode-range in step). */
const CORE_EXTRA = "‘’“”–—…•©×";

const require = createRequire(import.meta.url);
const source =
  require.resolve("@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2");
const ascii = Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i));
const target = path.resolve(
  import.meta.dirname,
  "..",
  "app",
  "fonts",
  "plus-jakarta-sans-core.woff2",
);

const font = await subsetFont(readFileSync(source), ascii.join("") + CORE_EXTRA, {
  targetFormat: "woff2",
  variationAxes: { wght: { min: 400, max: 800 } },
});
writeFileSync(target, font);
console.log(`${path.relative(process.cwd(), target)}: ${font.length} bytes`);
