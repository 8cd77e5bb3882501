import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { publicPaths } from "./public-paths.ts";

// Every public page, as the server sends it, must be valid HTML: the Nu HTML Checker (the
// W3C's validator, npm package vnu-jar) reports no error. All pages go to one run of the
// checker, since a Java start takes seconds. Needs `java` (Debian: default-jre-headless).

const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

/** Runs the checker once over the files; answers its errors. */
function checkHtml(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      "java",
      [
        // A short run: the quick compiler only and one GC thread cost a third of the CPU
        // time of the JVM's defaults (C2 compiler threads, parallel GC) on a 2-core machine.
        // Code of the quick compiler takes more stack: the schema's recursion needs room.
        "-XX:TieredStopAtLevel=1",
        "-XX:+UseSerialGC",
        "-Xss8m",
        "-jar",
        vnuJar,
        "--errors-only",
        "--no-langdetect",
        "--format",
        "json",
        "--stdout",
        ...files,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        try {
          const report = JSON.parse(stdout) as { messages: VnuMessage[] };
          resolve(report.messages.filter((m) => m.type === "error" || m.subType === "fatal"));
        } catch {
          const hint =
            (error as NodeJS.ErrnoException | null)?.code === "ENOENT"
              ? " (no `java` on PATH: install a Java runtime, on Debian default-jre-headless)"
              : "";
          reject(new Error(`the HTML checker did not run${hint}: ${error?.message}\n${stderr}`));
        }
      },
    );
  });
}

/** The page's first form of the kind: where it posts and its hidden `kind` and `intent`. */
function formOf(
  html: string,
  kind: "enquiry" | "newsletter",
): { action: string; fields: Record<string, string> } | undefined {
  for (const [form] of html.matchAll(/<form\b[\s\S]*?<\/form>/g)) {
    const attribute = (tag: string, name: string) =>
      new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replaceAll("&amp;", "&");
    const hidden = (name: string) => {
      const input = [...form.matchAll(/<input\b[^>]*>/g)].find(
        ([tag]) => attribute(tag, "name") === name,
      );
      return input ? attribute(input[0], "value") : undefined;
    };
    const formKind = hidden("kind");
    if (!formKind || (kind === "newsletter") !== (formKind === "newsletter")) continue;
    const action = (attribute(form.slice(0, form.indexOf(">") + 1), "action") ?? "").split("#")[0]!;
    return { action, fields: { kind: formKind, intent: hidden("intent") ?? "" } };
  }
  return undefined;
}

async function page(request: APIRequestContext, url: string, statuses = [200]): Promise<string> {
  const response = await request.get(url);
  expect(statuses, `GET ${url}`).toContain(response.status());
  return response.text();
}

test("every public page is valid HTML (Nu HTML Checker, no errors)", async ({ request }) => {
  // One Java start and 20 pages: about 40 s on a busy 2-core machine.
  test.setTimeout(300_000);
  const pages = new Map<string, string>();
  for (const url of publicPaths) pages.set(url, await page(request, url));
  const posts = (await (await request.get("/api/blogs")).json()) as { _id: string }[];
  expect(posts.length).toBeGreaterThan(0);
  pages.set(`/blog/${posts[0]!._id}`, await page(request, `/blog/${posts[0]!._id}`));
  pages.set("/no-such-page", await page(request, "/no-such-page", [404]));

  // The pages a failed form post renders without JavaScript: the message and the marked fields.
  for (const [url, kind] of [
    ["/", "enquiry"],
    ["/contact", "enquiry"],
    ["/social-media-management", "enquiry"],
    ["/", "newsletter"],
  ] as const) {
    const form = formOf(pages.get(url)!, kind);
    expect(form, `a ${kind} form on ${url}`).toBeDefined();
    const response = await request.post(form!.action || url, {
      form: { ...form!.fields, email: "not-an-email" },
    });
    expect(response.status(), `POST ${form!.action} (${kind} form on ${url})`).toBe(400);
    pages.set(`${url} after a failed ${kind} post`, await response.text());
  }

  const dir = mkdtempSync(path.join(tmpdir(), "agency-html-"));
  try {
    const names = new Map<string, string>();
    [...pages].forEach(([label, html], index) => {
      const file = path.join(dir, `page-${index}.html`);
      writeFileSync(file, html);
      names.set(path.basename(file), label);
    });
    const started = Date.now();
    const errors = await checkHtml([...names.keys()].map((name) => path.join(dir, name)));
    console.log(`HTML checker: ${pages.size} pages in ${Date.now() - started} ms`);
    const report = errors.map(
      (e) =>
        `${names.get(path.basename(e.url ?? "")) ?? e.url}:${e.lastLine}:${e.lastColumn}: ${e.message}` +
        (e.extract ? `\n    ${e.extract.replace(/\s+/g, " ").trim()}` : ""),
    );
    expect(report, report.join("\n")).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
