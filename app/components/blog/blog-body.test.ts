import { describe, expect, it } from "vitest";
import { parseBlogContent } from "./blog-body.tsx";

describe("parseBlogContent", () => {
  it("turns # lines into headings, * lines into one list, others into paragraphs", () => {
    expect(
      parseBlogContent(["Intro line", "# A heading", "* one\n* two", "", "Closing words"]),
    ).toEqual([
      { kind: "paragraph", text: "Intro line" },
      { kind: "heading", text: "A heading" },
      { kind: "list", items: ["one", "two"] },
      { kind: "paragraph", text: "Closing words" },
    ]);
  });
  it("reads every point, in order, line by line", () => {
    expect(parseBlogContent(["first\nsecond", "third"]).map((b) => b.kind)).toEqual([
      "paragraph",
      "paragraph",
      "paragraph",
    ]);
  });
});
