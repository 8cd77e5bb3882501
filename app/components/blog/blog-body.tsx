import type { ReactNode } from "react";

type Block =
  | { kind: "heading"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "paragraph"; text: string };

/**
 * Reads every point line by line (spec §2): a line starting with # is a heading, one
 * starting with * a bullet (neighbouring bullets form one list), any other non-empty
 * line a paragraph.
 */
export function parseBlogContent(points: readonly string[]): Block[] {
  const blocks: Block[] = [];
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

/** The body of a post, as on the public page and in the back office preview. */
export function BlogBody({ content }: { content: readonly string[] }): ReactNode {
  return (
    <div className="space-y-5 text-lg leading-relaxed text-ink">
      {parseBlogContent(content).map((block, index) => {
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
