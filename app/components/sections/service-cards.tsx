import { Link } from "react-router";
import type { ServiceCard } from "../../lib/services.ts";
import { Reveal } from "../ui/reveal.tsx";
import { ArrowIcon } from "../ui/icons.tsx";
import { linkArrow } from "../ui/styles.ts";

/**
 * Service cards (spec §3: image, serviceName, desc, link), each with Learn More. Their
 * pictures are never a page's largest paint: lazy, and low priority even on the first screen.
 */
export function ServiceCards({ items }: { items: readonly ServiceCard[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((service, index) => (
        <Reveal as="li" key={service.slug} delay={50 + (index % 3) * 150}>
          <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-black/5 transition-shadow hover:shadow-xl">
            <img
              src={service.image}
              alt={service.imageAlt}
              width={480}
              height={360}
              loading="lazy"
              fetchPriority="low"
              className="aspect-[4/3] w-full object-cover"
            />
            <div className="flex flex-1 flex-col p-6">
              <h3 className="text-xl font-bold text-navy">{service.name}</h3>
              <p className="mt-2 flex-1 text-muted">{service.summary}</p>
              <Link to={service.path} className={`${linkArrow} mt-4`}>
                Learn More<span className="sr-only"> about {service.name}</span>
                <ArrowIcon width={18} />
              </Link>
            </div>
          </article>
        </Reveal>
      ))}
    </ul>
  );
}
