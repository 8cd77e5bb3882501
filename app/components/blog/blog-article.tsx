import type { ReactNode } from "react";
import type { MetaDescriptor } from "react-router";
import { Link } from "react-router";
import { formatDate, readTime } from "../../../common/format.ts";
import type { PostBlock } from "../../../common/post-blocks.ts";
import type { PublicPost } from "../../../common/schemas/blog.ts";
import { defaultIdentity, type SiteIdentity } from "../../../common/identity.ts";
import { postPath } from "../../lib/feeds.ts";
import { useIdentity } from "../../lib/identity.ts";
import { jsonLd, seo } from "../../lib/seo.ts";
import { bannerInk } from "./banner-ink.ts";
import { TagLinks } from "./blog-card.tsx";
import { BlogBlocks } from "./blog-blocks.tsx";
import { BlogImage } from "./blog-image.tsx";

/** A post as its page shows it: its points come parsed, beside it (app/lib/shown-post.ts). */
export type ShownPost = Omit<PublicPost, "content">;

/**
 * A post's meta tags: its SEO title and description (the title and the excerpt by default),
 * its readable address as the canonical link, share cards and BlogPosting data.
 */
export function postMeta(
  blog: ShownPost,
  origin: string,
  options: { noindex?: boolean; identity?: SiteIdentity } = {},
): MetaDescriptor[] {
  const identity = options.identity ?? defaultIdentity;
  const path = postPath(blog);
  const image = blog.imageVariants.at(-1)?.url ?? blog.image ?? undefined;
  return [
    ...seo({
      title: blog.seoTitle,
      description: blog.seoDescription,
      path,
      origin,
      image,
      imageAlt: blog.imageAlt || blog.title,
      type: "article",
      publishedTime: blog.date,
      noindex: options.noindex,
      identity,
    }),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: blog.title,
      description: blog.seoDescription,
      datePublished: blog.date,
      dateModified: blog.updatedAt,
      // A cover on S3_PUBLIC_URL's host is a full address already.
      ...(image ? { image: image.startsWith("http") ? image : `${origin}${image}` } : {}),
      mainEntityOfPage: `${origin}${path}`,
      author: blog.authorName
        ? { "@type": "Person", name: blog.authorName }
        : { "@type": "Organization", name: identity.name },
      publisher: {
        "@type": "Organization",
        name: identity.name,
        logo: { "@type": "ImageObject", url: `${origin}${identity.logo?.src ?? "/favicon.svg"}` },
      },
    }),
  ];
}

/** The post page's article: banner, date, read time, author, cover and body. */
export function BlogArticle({
  blog,
  body,
  dateLabel,
  notice,
}: {
  blog: ShownPost;
  /** The post's points, parsed by the page's loader (common/post-format.ts). */
  body: readonly PostBlock[];
  /** Shown instead of the date (a draft has none yet). */
  dateLabel?: string;
  /** Shown above the breadcrumb (the preview's banner). */
  notice?: ReactNode;
}) {
  const identity = useIdentity();
  return (
    <article>
      <header className="bg-gradient-to-br from-brand to-navy pt-32 pb-12 text-white md:pt-40">
        <div className="container-page max-w-4xl">
          {notice}
          <nav aria-label="Breadcrumb" className="text-sm text-brand-100">
            <Link to="/blog" className="hover:text-white hover:underline">
              ← All articles
            </Link>
          </nav>
          <div
            className="mt-6 rounded-3xl px-6 py-10 md:px-10"
            style={{ backgroundColor: blog.bg, color: bannerInk(blog.bg) }}
          >
            <h1 className="text-3xl leading-tight font-extrabold md:text-5xl">{blog.title}</h1>
          </div>
          <p className="mt-5 flex flex-wrap gap-x-4 text-brand-100">
            <time dateTime={blog.date}>{dateLabel ?? formatDate(blog.date)}</time>
            <span>{readTime(blog.duration)}</span>
            <span>By {blog.authorName ?? identity.name}</span>
          </p>
          <TagLinks tags={blog.tags} />
        </div>
      </header>
      <div className="container-page max-w-3xl py-12">
        {blog.image && (
          <BlogImage
            blog={blog}
            alt={blog.imageAlt}
            sizes="(max-width: 768px) 100vw, 768px"
            className="mb-10 w-full rounded-2xl shadow-lg"
            eager
          />
        )}
        <h2 className="mb-6 text-2xl font-extrabold text-navy md:text-3xl">{blog.title}</h2>
        <BlogBlocks blocks={body} />
        <p className="mt-12 border-t border-slate-200 pt-8">
          <Link to="/blog" className="font-bold text-brand underline underline-offset-4">
            Read more articles
          </Link>
        </p>
      </div>
    </article>
  );
}
