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
