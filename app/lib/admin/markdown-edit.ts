// The editor's toolbar and shortcuts as pure changes of a point's text and selection, so
// each is tested without a browser. The marks are those the post body reads (decision 0033):
// `**bold**`, `*italic*` (`__bold__`, `_italic_` at the start of a line), `[text](url)`, `![alt](src)` on its own line, and the line marks
// `# ` heading, `* ` bullet, `1. ` numbered item, `> ` quote.

/** A point's text with its selection (start === end: a caret). */
export interface TextEdit {
  text: string;
  start: number;
  end: number;
}

export type InlineMark = "bold" | "italic";
export type LineMark = "heading" | "bullet" | "numbered" | "quote";

const inlineMarks: Record<InlineMark, { markers: [string, string]; placeholder: string }> = {
  // The second marker is for the start of a line, where an asterisk makes a bullet
  // (common/post-format.ts): "__bold__ words", not "**bold** words".
  bold: { markers: ["**", "__"], placeholder: "bold text" },
  italic: { markers: ["*", "_"], placeholder: "italic text" },
};

/** What each line mark looks like at the start of a line, and how it is written. */
const linePatterns: Record<LineMark, RegExp> = {
  heading: /^#+\s*/,
  bullet: /^\*\s+/,
  numbered: /^\d+\.\s+/,
  quote: /^>\s?/,
};
const lineMarkOrder: LineMark[] = ["heading", "numbered", "quote", "bullet"];

/** The line mark a line starts with, if any, and its length. */
function markOf(line: string): { mark: LineMark; length: number } | null {
  for (const mark of lineMarkOrder) {
    const found = linePatterns[mark].exec(line);
    // "**bold** words" starts with an asterisk but is not a bullet: a bullet needs its space.
    if (found) return { mark, length: found[0].length };
  }
  return null;
}

/** The selection unwrapped when it is wrapped in `marker` (inside or just outside the marks). */
function unwrapped(edit: TextEdit, marker: string, kind: InlineMark): TextEdit | null {
  const { text, start, end } = edit;
  const selected = text.slice(start, end);
  const n = marker.length;
  const single = marker[0]!;
  // "**" around an italic selection is bold, not italic: look for exactly this marker.
  const isMarker = (s: string, at: number) =>
    s.slice(at, at + n) === marker &&
    (kind === "bold" || (s[at - 1] !== single && s[at + n] !== single));
  if (
    selected.length >= 2 * n + 1 &&
    isMarker(selected, 0) &&
    isMarker(selected, selected.length - n)
  ) {
    const inner = selected.slice(n, selected.length - n);
    return {
      text: text.slice(0, start) + inner + text.slice(end),
      start,
      end: start + inner.length,
    };
  }
  if (start >= n && isMarker(text, start - n) && isMarker(text, end)) {
    return {
      text: text.slice(0, start - n) + selected + text.slice(end + n),
      start: start - n,
      end: end - n,
    };
  }
  return null;
}

/**
 * Wraps the selection in `**` or `*` (`__` or `_` at the start of a line); a selection
 * already wrapped (inside or just outside the marks) is unwrapped. With nothing selected a
 * placeholder is inserted and selected.
 */
export function toggleInline(edit: TextEdit, kind: InlineMark): TextEdit {
  const { markers, placeholder } = inlineMarks[kind];
  for (const marker of markers) {
    const undone = unwrapped(edit, marker, kind);
    if (undone) return undone;
  }
  const { text, start, end } = edit;
  const selected = text.slice(start, end);
  // Spaces selected at either end stay outside the marks ("**word** ", not "**word **").
  const lead = selected.length - selected.trimStart().length;
  const trail = selected.trimStart().length - selected.trim().length;
  const core = selected.trim() || placeholder;
  const from = selected.trim() ? start + lead : start;
  const to = selected.trim() ? end - trail : end;
  const marker = from === 0 || text[from - 1] === "\n" ? markers[1] : markers[0];
  const n = marker.length;
  return {
    text: text.slice(0, from) + marker + core + marker + text.slice(to),
    start: from + n,
    end: from + n + core.length,
  };
}

/** The start of the line holding `at`, and the end of the line holding `to`. */
function lineSpan(text: string, start: number, end: number): { from: number; to: number } {
  const from = text.lastIndexOf("\n", start - 1) + 1;
  // A selection ending just after a line break ends on the line before.
  const last = end > start && text[end - 1] === "\n" ? end - 1 : end;
  const next = text.indexOf("\n", last);
  return { from, to: next === -1 ? text.length : next };
}

/**
 * Toggles a line mark on every line the selection touches: when they all have it, it is
 * taken off; otherwise each gets it (replacing another line mark). Numbered lines are
 * numbered 1, 2, 3… The selection keeps its place in the text.
 */
export function toggleLineMark(edit: TextEdit, kind: LineMark): TextEdit {
  const { text, start, end } = edit;
  const { from, to } = lineSpan(text, start, end);
  const lines = text.slice(from, to).split("\n");
  const marks = lines.map(markOf);
  const allHave = lines.every((line, i) => line.trim() === "" || marks[i]?.mark === kind);
  const anyText = lines.some((line) => line.trim() !== "");
  const removing = anyText && allHave;
  let number = 0;
  const changed = lines.map((line, i) => {
    const rest = line.slice(marks[i]?.length ?? 0);
    if (removing) return rest;
    // Blank lines inside a multi-line selection stay blank.
    if (lines.length > 1 && line.trim() === "") return line;
    const prefix =
      kind === "heading"
        ? "# "
        : kind === "bullet"
          ? "* "
          : kind === "quote"
            ? "> "
            : `${++number}. `;
    return prefix + rest;
  });
  const block = changed.join("\n");
  const firstDelta = changed[0]!.length - lines[0]!.length;
  // A selection from a line's start keeps its start there, so it still holds the new mark.
  const newStart = start === from && start !== end ? from : Math.max(from, start + firstDelta);
  const newEnd = start === end ? newStart : end + (block.length - (to - from));
  return {
    text: text.slice(0, from) + block + text.slice(to),
    start: newStart,
    end: Math.max(newStart, newEnd),
  };
}

/** Whether every line the selection touches has the line mark (the button shows pressed). */
export function hasLineMark(edit: TextEdit, kind: LineMark): boolean {
  const { from, to } = lineSpan(edit.text, edit.start, edit.end);
  const lines = edit.text
    .slice(from, to)
    .split("\n")
    .filter((line) => line.trim() !== "");
  return lines.length > 0 && lines.every((line) => markOf(line)?.mark === kind);
}

/**
 * A link to `url` on the selection: `[selection](url)`; with nothing selected, the
 * address is the link's text. The caret goes after the link.
 */
export function insertLink(edit: TextEdit, url: string): TextEdit {
  const { text, start, end } = edit;
  const address = url.trim();
  const label =
    text
      .slice(start, end)
      .replace(/[[\]\n]/g, " ")
      .trim() || address;
  const link = `[${label}](${address.replace(/[()\s]/g, encodeURIComponent)})`;
  return {
    text: text.slice(0, start) + link + text.slice(end),
    start: start + link.length,
    end: start + link.length,
  };
}

/** `![alt](src)`: the alt text on one line, without the brackets that would end it. */
export function imageLine(alt: string, src: string): string {
  const text = alt
    .replace(/[[\]\s]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
  return `![${text}](${src.replace(/[()\s]/g, encodeURIComponent)})`;
}

/**
 * `line` on its own line at the caret (replacing a selection): line breaks are added
 * before and after as needed. The caret goes to the end of the inserted line.
 */
export function insertOwnLine(edit: TextEdit, line: string): TextEdit {
  const before = edit.text.slice(0, edit.start);
  const after = edit.text.slice(edit.end);
  const lead = before === "" || before.endsWith("\n") ? "" : "\n";
  const trail = after === "" || after.startsWith("\n") ? "" : "\n";
  const caret = before.length + lead.length + line.length;
  return { text: before + lead + line + trail + after, start: caret, end: caret };
}

/** The toolbar's actions, and the keys of those with a shortcut. */
export type PointAction = InlineMark | LineMark | "link" | "image";

/** Ctrl/Cmd+B, I, K: the action of a key press in a point, or null. */
export function shortcutOf(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): "bold" | "italic" | "link" | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return null;
  const key = event.key.toLowerCase();
  return key === "b" ? "bold" : key === "i" ? "italic" : key === "k" ? "link" : null;
}
