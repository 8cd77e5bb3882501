import type { ReactNode } from "react";
import type { Inline, PostBlock } from "../../../common/post-blocks.ts";
import { VideoPlayLink } from "../ui/video-play-link.tsx";

// The blocks of a post (common/post-format.ts) as the site shows them. Free of the parser:
// the public pages parse in their loaders and ship only this.

/** Inline text as React nodes: one string stays one text node, as before formatting. */
export function InlineText({ nodes }: { nodes: readonly Inline[] }): ReactNode {
  if (nodes.length === 1 && typeof nodes[0] === "string") return nodes[0];
  return nodes.map((node, index) => {
    if (typeof node === "string") return node;
    const children = <InlineText nodes={node.children} />;
    if (node.tag !== "a") {
      const Tag = node.tag;
      return <Tag key={index}>{children}</Tag>;
    }
    return (
      <a
        key={index}
        href={node.href}
        className="font-semibold text-brand underline underline-offset-4 hover:text-navy"
        {...(node.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      >
        {children}
      </a>
    );
  });
}

/** A block that is not text: a picture uploaded for posts, or a video behind its button. */
export function MediaBlock({ block }: { block: PostBlock & { kind: "image" | "video" } }) {
  if (block.kind === "image") {
    const { image } = block;
    return (
      <img
        src={image.src}
        srcSet={image.variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ")}
        sizes="(max-width: 768px) 100vw, 768px"
        alt={block.alt}
        width={image.width}
        height={image.height}
        loading="lazy"
        decoding="async"
        className="my-8 w-full rounded-2xl shadow-lg"
      />
    );
  }
  return (
    <figure className="group relative my-8 aspect-video overflow-hidden rounded-2xl bg-gradient-to-br from-brand to-navy shadow-lg">
      <VideoPlayLink href={block.url} label="Play the video on YouTube (opens in a new tab)" />
      <figcaption className="absolute bottom-3 left-4 text-sm font-semibold text-white">
        Video on YouTube
      </figcaption>
    </figure>
  );
}

/** The body of a post, as on the public page and in the back office preview. */
export function BlogBlocks({ blocks }: { blocks: readonly PostBlock[] }): ReactNode {
  return (
    <div className="space-y-5 text-lg leading-relaxed text-ink">
      {blocks.map((block, index) => {
        switch (block.kind) {
          case "heading":
            return (
              <h2 key={index} className="pt-4 text-2xl font-bold text-brand">
                <InlineText nodes={block.text} />
              </h2>
            );
          case "list":
            return (
              <ul key={index} className="list-disc space-y-2 pl-6 marker:text-accent">
                {block.items.map((item, i) => (
                  <li key={i}>
                    <InlineText nodes={item} />
                  </li>
                ))}
              </ul>
            );
          case "ordered":
            return (
              <ol
                key={index}
                start={block.start === 1 ? undefined : block.start}
                className="list-decimal space-y-2 pl-6 marker:font-bold marker:text-brand"
              >
                {block.items.map((item, i) => (
                  <li key={i}>
                    <InlineText nodes={item} />
                  </li>
                ))}
              </ol>
            );
          case "quote":
            return (
              <blockquote
                key={index}
                className="space-y-2 border-l-4 border-accent pl-5 text-xl text-navy italic"
              >
                {block.lines.map((line, i) => (
                  <p key={i}>
                    <InlineText nodes={line} />
                  </p>
                ))}
              </blockquote>
            );
          case "image":
          case "video":
            return <MediaBlock key={index} block={block} />;
          case "paragraph":
            return (
              <p key={index}>
                <InlineText nodes={block.text} />
              </p>
            );
        }
      })}
    </div>
  );
}
