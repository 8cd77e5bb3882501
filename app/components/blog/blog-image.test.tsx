// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { BlogImage } from "./blog-image.tsx";

afterEach(cleanup);

const blog = {
  title: "A post",
  image: "/media/blogs/a.jpg",
  imageVariants: [{ url: "/media/blogs/a-480.webp", width: 480 }],
  imageWidth: 1200,
  imageHeight: 630,
} as Parameters<typeof BlogImage>[0]["blog"];

describe("a post's picture", () => {
  it("as a post's cover (its largest paint): at once, at high priority", () => {
    const { container } = render(<BlogImage blog={blog} sizes="100vw" eager />);
    const image = container.querySelector("img")!;
    expect(image.getAttribute("loading")).toBe("eager");
    expect(image.getAttribute("fetchpriority")).toBe("high");
  });

  it("on the blog's cards: lazily, and at low priority even on the first screen", () => {
    const { container } = render(<BlogImage blog={blog} sizes="50vw" />);
    const image = container.querySelector("img")!;
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.getAttribute("fetchpriority")).toBe("low");
    expect(container.querySelector("source")!.getAttribute("srcset")).toBe(
      "/media/blogs/a-480.webp 480w",
    );
  });
});
