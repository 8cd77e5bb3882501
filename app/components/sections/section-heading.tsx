import type { ReactNode } from "react";

/** The badge + heading + intro at the top of a page section. */
export function SectionHeading({
  badge,
  title,
  intro,
  id,
  light = false,
  align = "center",
}: {
  badge?: string;
  title: ReactNode;
  intro?: ReactNode;
  id?: string;
  light?: boolean;
  align?: "center" | "left";
}) {
  return (
    <div className={align === "center" ? "mx-auto max-w-3xl text-center" : "max-w-3xl"}>
      {badge && (
        <p
          className={`inline-block rounded-full px-4 py-1 text-sm font-bold tracking-wide uppercase ${
            light ? "bg-white/10 text-accent-soft" : "bg-accent-50 text-accent-ink"
          }`}
        >
          {badge}
        </p>
      )}
      <h2
        id={id}
        className={`mt-3 text-3xl leading-tight font-extrabold md:text-4xl ${light ? "text-white" : "text-navy"}`}
      >
        {title}
      </h2>
      {intro && (
        <p className={`mt-4 text-lg ${light ? "text-brand-100" : "text-muted"}`}>{intro}</p>
      )}
    </div>
  );
}
