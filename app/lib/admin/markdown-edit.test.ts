import { describe, expect, it } from "vitest";
import {
  hasLineMark,
  imageLine,
  insertLink,
  insertOwnLine,
  shortcutOf,
  toggleInline,
  toggleLineMark,
  type TextEdit,
} from "./markdown-edit.ts";

/** A text with its selection written in it: [ and ] around it, | for a caret. */
function at(marked: string): TextEdit {
  const caret = marked.indexOf("|");
  if (caret !== -1) return { text: marked.replace("|", ""), start: caret, end: caret };
  const start = marked.indexOf("[");
  const end = marked.indexOf("]") - 1;
  return { text: marked.replace("[", "").replace("]", ""), start, end };
}
function show(edit: TextEdit): string {
  const { text, start, end } = edit;
  if (start === end) return `${text.slice(0, start)}|${text.slice(start)}`;
  return `${text.slice(0, start)}[${text.slice(start, end)}]${text.slice(end)}`;
}

describe("toggleInline", () => {
  it("wraps the selection, leaving spaces outside, and unwraps it again", () => {
    expect(show(toggleInline(at("Grow [fast ]now"), "bold"))).toBe("Grow **[fast]** now");
    expect(show(toggleInline(at("Grow **[fast]** now"), "bold"))).toBe("Grow [fast] now");
    expect(show(toggleInline(at("Grow [**fast**] now"), "bold"))).toBe("Grow [fast] now");
    expect(show(toggleInline(at("Grow [fast] now"), "italic"))).toBe("Grow *[fast]* now");
    expect(show(toggleInline(at("Grow *[fast]* now"), "italic"))).toBe("Grow [fast] now");
  });
  it("italic inside bold adds its own marks; a caret gets a selected placeholder", () => {
    expect(show(toggleInline(at("**[fast]**"), "italic"))).toBe("***[fast]***");
    expect(show(toggleInline(at("Go |"), "bold"))).toBe("Go **[bold text]**");
  });
  it("uses underscores at the start of a line, where an asterisk would make a bullet", () => {
    expect(show(toggleInline(at("[Grow] now"), "bold"))).toBe("__[Grow]__ now");
    expect(show(toggleInline(at("__[Grow]__ now"), "bold"))).toBe("[Grow] now");
    expect(show(toggleInline(at("Intro\n[Grow]"), "italic"))).toBe("Intro\n_[Grow]_");
    expect(show(toggleInline(at("Intro\n_[Grow]_"), "italic"))).toBe("Intro\n[Grow]");
  });
});

describe("toggleLineMark", () => {
  it("toggles a mark on the caret's line and keeps the caret in the text", () => {
    expect(show(toggleLineMark(at("Intro\nPlan |ahead"), "heading"))).toBe("Intro\n# Plan |ahead");
    expect(show(toggleLineMark(at("Intro\n# Plan |ahead"), "heading"))).toBe("Intro\nPlan |ahead");
    expect(show(toggleLineMark(at("> Quo|te"), "bullet"))).toBe("* Quo|te");
    expect(show(toggleLineMark(at("|"), "quote"))).toBe("> |");
  });
  it("numbers every selected line, and takes the marks off when all have them", () => {
    const numbered = toggleLineMark(at("[One\nTwo\n\nThree]"), "numbered");
    expect(numbered.text).toBe("1. One\n2. Two\n\n3. Three");
    expect(numbered.text.slice(numbered.start, numbered.end)).toBe(numbered.text);
    expect(hasLineMark(numbered, "numbered")).toBe(true);
    expect(toggleLineMark(numbered, "numbered").text).toBe("One\nTwo\n\nThree");
    expect(toggleLineMark(at("[* a\nb]"), "bullet").text).toBe("* a\n* b");
    expect(hasLineMark(at("**bold** |words"), "bullet")).toBe(false);
  });
});

describe("links, images and shortcuts", () => {
  it("links the selection, or the address itself", () => {
    expect(show(insertLink(at("See [our rates] today"), " https://x.ng/rates "))).toBe(
      "See [our rates](https://x.ng/rates)| today",
    );
    expect(show(insertLink(at("See |"), "https://x.ng/a b"))).toBe(
      "See [https://x.ng/a b](https://x.ng/a%20b)|",
    );
  });
  it("puts an image on its own line at the caret", () => {
    const line = imageLine("A [busy]\nmarket", "/media/a.webp");
    expect(line).toBe("![A busy market](/media/a.webp)");
    expect(show(insertOwnLine(at("Before| after"), line))).toBe(
      "Before\n![A busy market](/media/a.webp)|\n after",
    );
    expect(show(insertOwnLine(at("|"), line))).toBe("![A busy market](/media/a.webp)|");
  });
  it("reads Ctrl/Cmd+B, I and K only", () => {
    const key = (k: string, more = {}) => ({
      key: k,
      ctrlKey: true,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      ...more,
    });
    expect(shortcutOf(key("b"))).toBe("bold");
    expect(shortcutOf(key("I", { ctrlKey: false, metaKey: true }))).toBe("italic");
    expect(shortcutOf(key("k"))).toBe("link");
    expect(shortcutOf(key("b", { shiftKey: true }))).toBeNull();
    expect(shortcutOf(key("b", { ctrlKey: false }))).toBeNull();
  });
});
