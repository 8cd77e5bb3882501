import { Link } from "react-router";
import { formatDate, readTime, teaser } from "../../../common/format.ts";
import type { Blog } from "../../../common/schemas/blog.ts";
import { tagPath } from "../../lib/feeds.ts";
import { ArrowIcon } from "../ui/icons.tsx";
import { BlogImage } from "./blog-image.tsx";

/** Tags a card shows at most: a narrow card (two a row on a phone) stays short. */
const CARD_TAGS = 3;

/**
 * A post's tags as links to their pages, small enough for a card. (Lean on purpose: the post
 * page's first scripts have a budget, docs/performance-budget.md.)
 */
export function TagLinks({ tags }: { tags: Blog["tags"] }) {
  return (
    tags.length > 0 && (
      <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-1.5 break-all">
        {tags.map((tag) => (
          <li key={tag.slug}>
            <Link
              to={tagPath(tag.slug)}
              className="inline-block rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand hover:underline"
            >
              {tag.name}
            </Link>
          </li>
        ))}
      </ul>
    )
  );
}

/** A post in a list (/blog, a tag's page, related posts): cover, date, title, teaser, tags. */
export function BlogCard({ blog }: { blog: Blog }) {
  return (
    <li>
      <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-black/5">
        <BlogImage
          blog={blog}
          sizes="(max-width: 768px) 50vw, 33vw"
          className="aspect-[1200/630] w-full object-cover"
        />
        <div className="flex flex-1 flex-col p-3 sm:p-5">
          <p className="flex flex-wrap gap-x-3 text-xs font-semibold text-muted sm:text-sm">
            <time dateTime={blog.date}>{formatDate(blog.date)}</time>
            <span>{readTime(blog.duration)}</span>
          </p>
          <h2 className="mt-2 text-base leading-snug font-bold text-navy sm:text-xl">
            {blog.title}
          </h2>
          <p className="mt-2 flex-1 text-sm text-muted sm:text-base">
            {blog.excerpt || teaser(blog.content, 15)}
          </p>
          <TagLinks tags={blog.tags.slice(0, CARD_TAGS)} />
          <Link
            to={`/blog/${blog._id}`}
            className="mt-4 inline-flex items-center gap-1.5 text-sm font-bold text-brand hover:underline sm:text-base"
          >
            Read More<span className="sr-only">: {blog.title}</span>
            <ArrowIcon width={18} />
          </Link>
        </div>
      </article>
    </li>
  );
}

/**
 * Posts as cards: two a row on a phone, three from md up (the blog, a tag's page, related
 * posts). `className` adds the spacing of its place.
 */
export function BlogCardGrid({ blogs, className }: { blogs: readonly Blog[]; className?: string }) {
  return (
    <ul
      className={`${className ? `${className} ` : ""}grid grid-cols-2 gap-3 sm:gap-6 md:grid-cols-3`}
    >
      {blogs.map((blog) => (
        <BlogCard key={blog._id} blog={blog} />
      ))}
    </ul>
  );
}
