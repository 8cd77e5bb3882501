import type { ShownItemOf } from "../../../common/schemas/content.ts";

/**
 * 'Brands We've Worked With': the logos, 2 columns on mobile and 5 on desktop, each fitted
 * (not cropped) into a 3:1 box whatever its shape; no logos, no strip.
 */
export function BrandsStrip({
  brands,
  heading,
}: {
  brands: readonly ShownItemOf<"brands">[];
  heading: string;
}) {
  if (brands.length === 0) return null;
  return (
    <section aria-labelledby="brands-title" className="bg-white py-16">
      <div className="container-page">
        <h2 id="brands-title" className="text-center text-2xl font-extrabold text-navy md:text-3xl">
          {heading}
        </h2>
        <ul className="brand-logos mt-10 grid grid-cols-2 gap-4 md:grid-cols-5">
          {brands.map((brand, index) => (
            <li
              key={index}
              className="flex items-center justify-center rounded-xl border border-slate-100 bg-white px-3 py-4 grayscale-[40%] transition hover:grayscale-0"
            >
              <img
                src={brand.image.src}
                alt={brand.image.alt}
                width={240}
                height={80}
                loading="lazy"
                className="aspect-[3/1] h-auto w-full max-w-44 object-contain"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
