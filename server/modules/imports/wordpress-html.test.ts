import { describe, expect, it } from "vitest";
import { parsePost } from "../../../common/post-format.ts";
import { convertWordPressHtml } from "./wordpress-html.ts";

// WordPress HTML to the post format (decision 0044): what a visitor reads is what the old
// post said, marks and all, and what cannot be kept is named.

const lines = (html: string) =>
  convertWordPressHtml(html, { siteUrl: "https://old.example" }).lines.map((line) =>
    line.kind === "text" ? line.text : `<${line.kind}>`,
  );

describe("convertWordPressHtml", () => {
  it("keeps words that look like the format's marks as words", () => {
    const out = lines(
      "<p># not a heading * star _under_ [brackets] 1. x</p><p>1. not numbered</p><p>> no quote</p>",
    );
    const blocks = parsePost(out);
    expect(blocks.map((block) => block.kind)).toEqual(["paragraph", "paragraph", "paragraph"]);
    expect(JSON.stringify(blocks)).toContain("# not a heading * star _under_ [brackets] 1. x");
    expect(JSON.stringify(blocks)).toContain("1. not numbered");
  });

  it("writes bold at a line's start so that it is no bullet", () => {
    const [line] = lines("<p><strong>Note:</strong> read this</p>");
    expect(line).toBe("__Note:__ read this");
    expect(parsePost([line!])[0]).toMatchObject({ kind: "paragraph" });
  });

  it("reads the classic editor's blank lines and breaks, and a bare YouTube address", () => {
    expect(lines("One\nTwo\n\nThree\n\nhttps://youtu.be/dQw4w9WgXcQ")).toEqual([
      "One",
      "Two",
      "Three",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    ]);
  });

  it("links the old site's pages by their path, other sites whole", () => {
    expect(
      lines(
        '<p><a href="https://old.example/2023/05/x/">here</a> and <a href="https://b.example/">there</a></p>',
      ),
    ).toEqual(["[here](/2023/05/x/) and [there](https://b.example/)"]);
  });

  it("turns shortcodes into pictures, galleries and videos, and leaves text in brackets alone", () => {
    const converted = convertWordPressHtml(
      '[caption id="attachment_3"]<img src="/wp-content/uploads/a.jpg" alt="A" class="wp-image-3"> A caption[/caption]\n\n[gallery ids="4,5"]\n\n[embed]https://www.youtube.com/watch?v=dQw4w9WgXcQ[/embed]\n\n[citation needed] and [[gallery]]',
      { siteUrl: "https://old.example" },
    );
    expect(converted.lines).toEqual([
      {
        kind: "picture",
        url: "https://old.example/wp-content/uploads/a.jpg",
        alt: "A",
        attachmentId: "3",
      },
      { kind: "text", text: "A caption" },
      { kind: "gallery", ids: ["4", "5"] },
      { kind: "text", text: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
      { kind: "text", text: "\\[citation needed\\] and \\[gallery\\]" },
    ]);
    expect(converted.notes.size).toBe(0);
  });

  it("names what it cannot keep", () => {
    const converted = convertWordPressHtml(
      '<iframe src="https://maps.example/x"></iframe><script>alert(1)</script>[contact-form-7 id="1"]<ul><li>a<ul><li>b</li></ul></li></ul><pre>code</pre>',
    );
    expect([...converted.notes.keys()].sort()).toEqual(
      [
        "a block of code (kept as plain text)",
        "a list inside a list (flattened)",
        "a script (not kept)",
        "an embedded frame from maps.example (kept as a link)",
        "the shortcode [contact-form-7] (its words were kept)",
      ].sort(),
    );
    expect(
      converted.lines.map((line) => (line.kind === "text" ? line.text : "")).join("\n"),
    ).not.toContain("alert");
  });
});
