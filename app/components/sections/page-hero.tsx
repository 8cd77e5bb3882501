import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PagePicture } from "../../../common/content/page-words.ts";
import { PagePictureImage } from "./page-picture.tsx";

/** The dark banner at the top of every inner page, under the transparent header. */
export function PageHero({
  title,
  subtitle,
  image,
  imageAlt = "",
  crumb,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  /**
   * An illustration shown beside the title on wide screens: a page's picture field, or the
   * address of one (a service's upload or built-in drawing).
   */
  image?: PagePicture | string | null;
  /** An address's alt text: none for a decoration (the built-in ones). */
  imageAlt?: string;
  /** The page name in the breadcrumb; none on pages that should not show one. */
  crumb?: string;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand to-navy pt-32 pb-16 text-white md:pt-40 md:pb-24">
      <div aria-hidden="true" className="absolute inset-0 overflow-hidden">
        <div className="absolute -top-32 -right-32 size-[26rem] rounded-full border-[3rem] border-white/5" />
        <div className="absolute right-1/3 -bottom-24 size-48 rounded-full bg-white/5" />
      </div>
      <div className="container-page relative grid items-center gap-10 md:grid-cols-[1.4fr_1fr]">
        <div>
          {crumb && (
            <nav aria-label="Breadcrumb" className="mb-4 text-sm text-brand-100">
              <ol className="flex gap-2">
                <li>
                  <Link to="/" className="hover:text-white hover:underline">
                    Home
                  </Link>
                </li>
                <li aria-hidden="true">/</li>
                <li aria-current="page" className="text-white">
                  {crumb}
                </li>
              </ol>
            </nav>
          )}
          <h1 className="text-4xl leading-tight font-extrabold md:text-5xl">{title}</h1>
          {subtitle && <p className="mt-5 max-w-2xl text-lg text-brand-100">{subtitle}</p>}
          {children}
        </div>
        <PagePictureImage
          picture={
            typeof image === "string"
              ? { src: image, alt: imageAlt ?? "", variants: [] }
              : (image ?? null)
          }
          width={480}
          height={360}
          className="hidden w-full max-w-md justify-self-end rounded-3xl md:block"
        />
      </div>
    </section>
  );
}
