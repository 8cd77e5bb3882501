import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { defaultLists } from "../../../common/content/defaults.ts";
import { parsePost, postPlainText } from "../../../common/post-format.ts";
import { samplePosts } from "../../../common/content/sample-posts.ts";
import { BlogBody } from "./blog-body.tsx";

const html = (content: readonly string[]) => renderToString(<BlogBody content={content} />);
const IMAGE = "/media/posts/0b5e8a4c-1f2d-4e3a-9b7c-5d6e7f8a9b0c-1000x500.webp";

// The renderer before decision 0032, kept as it was: the reference the sample posts must
// still render to, byte for byte.
type OldBlock =
  | { kind: "heading"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "paragraph"; text: string };

function oldParse(points: readonly string[]): OldBlock[] {
  const blocks: OldBlock[] = [];
  for (const line of points.flatMap((point) => point.split(/\r\n|\r|\n/))) {
    const text = line.trim();
    if (text === "") continue;
    if (text.startsWith("#")) {
      blocks.push({ kind: "heading", text: text.replace(/^#+\s*/, "") });
    } else if (text.startsWith("*")) {
      const item = text.replace(/^\*+\s*/, "");
      const last = blocks[blocks.length - 1];
      if (last?.kind === "list") last.items.push(item);
      else blocks.push({ kind: "list", items: [item] });
    } else {
      blocks.push({ kind: "paragraph", text });
    }
  }
  return blocks;
}

function OldBlogBody({ content }: { content: readonly string[] }): ReactNode {
  return (
    <div className="space-y-5 text-lg leading-relaxed text-ink">
      {oldParse(content).map((block, index) => {
        if (block.kind === "heading") {
          return (
            <h2 key={index} className="pt-4 text-2xl font-bold text-brand">
              {block.text}
            </h2>
          );
        }
        if (block.kind === "list") {
          return (
            <ul key={index} className="list-disc space-y-2 pl-6 marker:text-accent">
              {block.items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          );
        }
        return <p key={index}>{block.text}</p>;
      })}
    </div>
  );
}

describe("the post format", () => {
  it("renders the sample posts and the policy's sections byte for byte as before", () => {
    const bodies = [
      ...samplePosts.map((post) => post.content),
      ...(defaultLists["policy-sections"] as { body: string }[]).map((section) => [section.body]),
      // Today's format at its edges: no space after the marks, many marks, CR line ends.
      ["#Heading", "**Bullet", "*  spaced", "Plain & <simple> text", "a\r\nb\rc", "   "],
    ];
    for (const content of bodies) {
      expect(html(content)).toBe(renderToString(<OldBlogBody content={content} />));
    }
  });

  it("keeps one block per line, with headings, bullets, numbered items and quotes", () => {
    expect(
      html(["# Title", "first line\nsecond line", "* a\n* b", "1. one\n2. two", "> said\n> more"]),
    ).toBe(
      '<div class="space-y-5 text-lg leading-relaxed text-ink">' +
        '<h2 class="pt-4 text-2xl font-bold text-brand">Title</h2>' +
        "<p>first line</p><p>second line</p>" +
        '<ul class="list-disc space-y-2 pl-6 marker:text-accent"><li>a</li><li>b</li></ul>' +
        '<ol class="list-decimal space-y-2 pl-6 marker:font-bold marker:text-brand"><li>one</li><li>two</li></ol>' +
        '<blockquote class="space-y-2 border-l-4 border-accent pl-5 text-xl text-navy italic"><p>said</p><p>more</p></blockquote>' +
        "</div>",
    );
    expect(parsePost(["3. third\n4. fourth"])).toMatchObject([{ kind: "ordered", start: 3 }]);
  });

  it("formats bold, italic and links inside a line; intraword underscores stay", () => {
    const out = html([
      "Some **bold**, *italic*, _also_ and snake_case_name with [our site](https://example.com/a?b=1&c=2).",
      "* A [mail](mailto:hello@example.com) and a [page](/contact) in a bullet",
    ]);
    expect(out).toContain(
      "<strong>bold</strong>, <em>italic</em>, <em>also</em> and snake_case_name",
    );
    expect(out).toMatch(
      /<a href="https:\/\/example.com\/a\?b=1&amp;c=2" class="[^"]+" target="_blank" rel="noopener noreferrer">our site<\/a>/,
    );
    expect(out).toMatch(/<a href="mailto:hello@example.com" class="[^"]+">mail<\/a>/);
    expect(out).toMatch(/<a href="\/contact" class="[^"]+">page<\/a>/);
  });

  it("shows unsafe links, raw HTML and other sites' pictures as the text they were", () => {
    const out = html([
      "[click](javascript:alert(1)) and [x](data:text/html,hi) and [y](//evil.example)",
      "<script>alert(1)</script> <img src=x onerror=alert(1)>",
      "![outside](https://evil.example/x.png)",
      "![data](data:image/png;base64,AAAA)",
      `Inline ![picture](${IMAGE}) inside a line`,
    ]);
    expect(out).not.toMatch(/<a |<script|<img/);
    expect(out).toContain("[click](javascript:alert(1))");
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).toContain("![outside](https://evil.example/x.png)");
  });

  it("shows an uploaded picture alone on its line, with its WebP versions", () => {
    const out = html([`![A team at work](${IMAGE})`]);
    const base = IMAGE.slice(0, -".webp".length);
    expect(out).toContain(
      `<img src="${IMAGE}" srcSet="${base}-480.webp 480w, ${base}-960.webp 960w, ${IMAGE} 1000w" ` +
        'sizes="(max-width: 768px) 100vw, 768px" alt="A team at work" width="1000" height="500" ' +
        'loading="lazy" decoding="async"',
    );
  });

  it("shows a YouTube address alone on its line as a play button that loads nothing", () => {
    const out = html(["https://youtu.be/dQw4w9WgXcQ", "See https://youtu.be/dQw4w9WgXcQ here"]);
    expect(out).toContain(
      '<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" target="_blank" rel="noopener noreferrer"',
    );
    expect(out).toContain("<p>See https://youtu.be/dQw4w9WgXcQ here</p>");
    expect(out).not.toMatch(/<iframe|ytimg|<script/);
  });

  it("gives search and excerpts the words without the Markdown", () => {
    expect(
      postPlainText([
        "# A **big** idea",
        "Read [our guide](https://example.com/guide) now",
        `![Our office](${IMAGE})`,
        "https://youtu.be/dQw4w9WgXcQ",
      ]),
    ).toBe("A big idea\nRead our guide now\nOur office");
  });
});
