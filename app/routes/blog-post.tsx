import { data, isRouteErrorResponse, Link } from "react-router";
import { formatDate, readTime, teaser } from "../../common/format.ts";
import { siteServicesContext } from "../../common/load-context.ts";
import { messages } from "../../common/messages.ts";
import { site } from "../../common/site-config.ts";
import { bannerInk } from "../components/blog/banner-ink.ts";
import { BlogBody } from "../components/blog/blog-body.tsx";
import { BlogImage } from "../components/blog/blog-image.tsx";
import { PageHero } from "../components/sections/page-hero.tsx";
import { jsonLd, originFrom, seo } from "../lib/seo.ts";
import type { Route } from "./+types/blog-post";

export async function loader({ params, context }: Route.LoaderArgs) {
  let blog;
  try {
    blog = await context.get(siteServicesContext).blogs.get(params.id);
  } catch (error) {
    console.error("Could not load a blog post:", error);
    throw data(messages.blogFetchFailed, { status: 500 });
  }
  if (!blog) throw data(messages.blogNotFound, { status: 404 });
  return { blog };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const origin = originFrom(matches);
  if (!loaderData) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: `${notFound ? messages.blogNotFound : messages.blogFetchFailed} | ${site.name}` },
      { name: "robots", content: "noindex" },
    ];
  }
  const { blog } = loaderData;
  const path = `/blog/${blog._id}`;
  const image = blog.imageVariants.at(-1)?.url ?? blog.image ?? undefined;
  return [
    ...seo({
      title: blog.title,
      description: teaser(blog.content, 30),
      path,
      origin,
      image,
      imageAlt: blog.title,
      type: "article",
      publishedTime: blog.date,
    }),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: blog.title,
      datePublished: blog.date,
      dateModified: blog.updatedAt,
      ...(image ? { image: `${origin}${image}` } : {}),
      mainEntityOfPage: `${origin}${path}`,
      author: { "@type": "Organization", name: site.name },
      publisher: {
        "@type": "Organization",
        name: site.name,
        logo: { "@type": "ImageObject", url: `${origin}/favicon.svg` },
      },
    }),
  ];
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { blog } = loaderData;
  return (
    <article>
      <header className="bg-gradient-to-br from-brand to-navy pt-32 pb-12 text-white md:pt-40">
        <div className="container-page max-w-4xl">
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
            <time dateTime={blog.date}>{formatDate(blog.date)}</time>
            <span>{readTime(blog.duration)}</span>
            <span>By {site.name}</span>
          </p>
        </div>
      </header>
      <div className="container-page max-w-3xl py-12">
        {blog.image && (
          <BlogImage
            blog={blog}
            sizes="(max-width: 768px) 100vw, 768px"
            className="mb-10 w-full rounded-2xl shadow-lg"
            eager
          />
        )}
        <h2 className="mb-6 text-2xl font-extrabold text-navy md:text-3xl">{blog.title}</h2>
        <BlogBody content={blog.content} />
        <p className="mt-12 border-t border-slate-200 pt-8">
          <Link to="/blog" className="font-bold text-brand underline underline-offset-4">
            Read more articles
          </Link>
        </p>
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <PageHero
        title={notFound ? messages.blogNotFound : messages.blogFetchFailed}
        subtitle={
          notFound
            ? "The article may have been removed, or the link may be mistyped."
            : "Please reload the page in a moment."
        }
        crumb="Blog"
      />
      <section className="bg-white py-16 text-center">
        <Link
          to="/blog"
          className="inline-flex rounded-full bg-brand px-6 py-3 font-bold text-white hover:bg-brand-700"
        >
          Back to the blog
        </Link>
      </section>
    </>
  );
}
