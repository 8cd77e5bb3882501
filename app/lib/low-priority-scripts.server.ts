import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const NEEDLE = '<link rel="modulepreload"';
const REPLACEMENT = '<link rel="modulepreload" fetchpriority="low"';

/**
 * Marks React Router's `<link rel="modulepreload">` tags `fetchpriority="low"` as the HTML
 * streams out. The pages are complete HTML without JavaScript, so on a slow connection the
 * stylesheet, the font and the pictures should get the bandwidth first and the scripts that
 * only hydrate the page come after (see docs/decisions/0008). A tag split between two
 * chunks is still found: the end of each chunk that could start one is held back.
 * The back office's pages; the public ones use `deferModulesInPage()`.
 */
export function lowPriorityModulePreloads(): Transform {
  let pending = "";
  // A character whose bytes are split between chunks is decoded whole.
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = pending + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const replaced = text.replaceAll(NEEDLE, REPLACEMENT);
      // Hold back the longest tail that is a beginning of the needle.
      let keep = 0;
      for (let length = Math.min(NEEDLE.length - 1, replaced.length); length > 0; length--) {
        if (NEEDLE.startsWith(replaced.slice(-length))) {
          keep = length;
          break;
        }
      }
      pending = replaced.slice(replaced.length - keep);
      callback(null, replaced.slice(0, replaced.length - keep));
    },
    flush(callback) {
      callback(null, pending + decoder.end());
    },
  });
}

const PRELOAD = '<link rel="modulepreload"';
const SCRIPT_OPEN = "<script";
/** A module script's opening tag, whatever the order of its attributes (a nonce may come first). */
const MODULE_SCRIPT = /^<script\b[^>]*\stype="module"/;
const SCRIPT_END = "</script>";
// A static import at the top of React Router's module script: `import * as route0 from "…";`
// or `import "…";`.
const STATIC_IMPORT = /^[\s;]*import\s*(?:\*\s*as\s+([A-Za-z_$][\w$]*)\s+from\s*)?"([^"\\]+)"\s*;?/;

/** React Router's manifest in its module script: JSON written with two-space indents. */
const MANIFEST = /(window\.__reactRouterManifest\s*=\s*)(\{[\s\S]*?\n\})(\s*;)/;

/**
 * The manifest written without its indents and line breaks: the same data, and on the home
 * page the bytes that keep its HTML within the first round trip (tests/api/page-weight).
 * Left as it is when it does not read as JSON.
 */
function compactManifest(body: string): string {
  return body.replace(MANIFEST, (whole, before: string, json: string, after: string) => {
    try {
      return `${before}${JSON.stringify(JSON.parse(json))}${after}`;
    } catch {
      return whole;
    }
  });
}

/**
 * Rewrites React Router's module script so that it imports nothing until the page has been
 * painted: after the `load` event, the next frame and an idle moment (at most 1 s later).
 * Its static imports become `import()`s, together with the modules the removed preload
 * links named (except the entry, which the script imports last, as before). Answers
 * undefined when the script is not of the expected shape.
 */
export function deferModuleScript(script: string, preloads: string[]): string | undefined {
  const open = script.indexOf(">");
  if (!MODULE_SCRIPT.test(script) || open === -1 || !script.endsWith(SCRIPT_END)) {
    return undefined;
  }
  let body = script.slice(open + 1, -SCRIPT_END.length);
  const bindings: string[] = [];
  const modules: string[] = [];
  for (let match = STATIC_IMPORT.exec(body); match; match = STATIC_IMPORT.exec(body)) {
    bindings.push(match[1] ?? "");
    modules.push(match[2]!);
    body = body.slice(match[0].length);
  }
  // Anything else that is static would be a syntax error inside a function: leave it be.
  if (/(^|[;\s])(import\s*[^\s(]|export\s)/.test(body)) return undefined;
  const imported = new Set([
    ...modules,
    ...[...body.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]),
  ]);
  for (const href of preloads) {
    if (!imported.has(href)) {
      imported.add(href);
      modules.push(href);
    }
  }
  const load = modules.map((href) => `import(${JSON.stringify(href)})`).join(",");
  body = compactManifest(body);
  return (
    script.slice(0, open + 1) +
    // Written for the CSP's hashes: the same text for every request of a build.
    `const hydrate=()=>Promise.all([${load}]).then(([${bindings.join(",")}])=>{${body}\n});` +
    `const idle=()=>"requestIdleCallback" in window?requestIdleCallback(hydrate,{timeout:1000}):setTimeout(hydrate,1);` +
    `const afterPaint=()=>requestAnimationFrame(()=>setTimeout(idle,0));` +
    `if(document.readyState==="complete")afterPaint();else addEventListener("load",afterPaint,{once:true});` +
    SCRIPT_END
  );
}

/**
 * Where the next module script starts in `text` from `at`, or a `<script` tag left unclosed
 * (it may be one); -1 when there is neither.
 */
function nextModuleScript(text: string, at: number): number {
  for (let start = text.indexOf(SCRIPT_OPEN, at); start !== -1;) {
    const close = text.indexOf(">", start);
    if (close === -1 || MODULE_SCRIPT.test(text.slice(start, close + 1))) return start;
    start = text.indexOf(SCRIPT_OPEN, close);
  }
  return -1;
}

/**
 * For the public pages, rendered whole: drops React Router's `<link rel="modulepreload">`
 * tags and makes its module script request the modules only after the first paint
 * (`deferModuleScript`), so that nothing competes with the content for the connection or
 * delays the largest paint (docs/decisions/0015). Every public form posts to its page and
 * works without JavaScript, so a click before hydration is a plain HTML one. After that
 * script, the page goes on untouched.
 */
export function deferModulesInPage(html: string): string {
  const preloadTags: string[] = [];
  const preloads: string[] = [];
  let out = "";
  let at = 0;
  // Found once: the preload links all come before it.
  let script = nextModuleScript(html, 0);
  for (;;) {
    const link = html.indexOf(PRELOAD, at);
    if (script !== -1 && script < at) script = nextModuleScript(html, at);
    const next = link === -1 ? script : script === -1 ? link : Math.min(link, script);
    if (next === -1) return out + html.slice(at);
    out += html.slice(at, next);
    const close = next === link ? ">" : SCRIPT_END;
    const found = html.indexOf(close, next);
    // An unclosed tag: the rest is left as it is.
    if (found === -1) return out + html.slice(next);
    const end = found + close.length;
    const tag = html.slice(next, end);
    if (next !== link) {
      // Not of the expected shape: the page loads its scripts as React Router wrote them.
      return (
        out + (deferModuleScript(tag, preloads) ?? preloadTags.join("") + tag) + html.slice(end)
      );
    }
    preloadTags.push(tag);
    const href = /\shref="([^"]+)"/.exec(tag)?.[1];
    if (href) preloads.push(href);
    at = end;
  }
}
