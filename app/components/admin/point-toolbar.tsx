import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import type { PointAction } from "../../lib/admin/markdown-edit.ts";

interface Tool {
  action: PointAction;
  name: string;
  /** What the button shows (hidden from screen readers, which read `name`). */
  face: ReactNode;
  keys?: string;
}

/** A 16 px line icon (emoji are not in every system's fonts). */
const icon = (path: string) => (
  <svg
    viewBox="0 0 24 24"
    className="size-4"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={path} />
  </svg>
);

const tools: Tool[] = [
  { action: "heading", name: "Heading", face: "H" },
  { action: "bullet", name: "List", face: "•≡" },
  { action: "numbered", name: "Numbered list", face: "1." },
  { action: "bold", name: "Bold", face: <b>B</b>, keys: "Control+B Meta+B" },
  {
    action: "italic",
    name: "Italic",
    face: <i className="font-serif">I</i>,
    keys: "Control+I Meta+I",
  },
  {
    action: "link",
    name: "Link",
    face: icon(
      "M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1",
    ),
    keys: "Control+K Meta+K",
  },
  {
    action: "image",
    name: "Image",
    face: icon("M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01"),
  },
  { action: "quote", name: "Quote", face: "❝" },
];

const shortcutHint = (keys: string | undefined) =>
  keys ? ` (Ctrl+${keys.slice(-1)} or ⌘${keys.slice(-1)})` : "";

/**
 * The formatting buttons of one point (WAI-ARIA toolbar: one Tab stop, arrow keys move
 * between the buttons). The buttons keep the point's selection: they act on it when pressed.
 */
export function PointToolbar({
  controls,
  disabled,
  onAction,
}: {
  /** The id of the point's text box. */
  controls: string;
  disabled: boolean;
  onAction: (action: PointAction) => void;
}) {
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent) => {
    const last = tools.length - 1;
    const next =
      event.key === "ArrowRight"
        ? active === last
          ? 0
          : active + 1
        : event.key === "ArrowLeft"
          ? active === 0
            ? last
            : active - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    buttons.current[next]?.focus();
  };
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      onKeyDown={move}
      className="mt-1 flex flex-wrap gap-1"
    >
      {tools.map((tool, index) => (
        <button
          key={tool.action}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          tabIndex={index === active ? 0 : -1}
          disabled={disabled}
          aria-keyshortcuts={tool.keys}
          title={`${tool.name}${shortcutHint(tool.keys)}`}
          // The text box keeps its selection: a click does not take the focus first.
          onMouseDown={(event) => event.preventDefault()}
          onFocus={() => setActive(index)}
          onClick={() => onAction(tool.action)}
          className="inline-flex h-9 min-w-8 items-center justify-center rounded-md border border-slate-300 bg-white px-1.5 text-sm sm:min-w-9 sm:px-2 font-semibold text-ink hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none disabled:opacity-50"
        >
          <span aria-hidden="true">{tool.face}</span>
          <span className="sr-only">{tool.name}</span>
        </button>
      ))}
    </div>
  );
}
