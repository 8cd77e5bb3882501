import { brands } from "../../content/brands.ts";

/** 'Brands We've Worked With': 20 logos, 2 columns on mobile and 5 on desktop. */
export function BrandsStrip() {
  return (
    <section aria-labelledby="brands-title" className="bg-white py-16">
      <div className="container-page">
        <h2 id="brands-title" className="text-center text-2xl font-extrabold text-navy md:text-3xl">
          Brands We&apos;ve Worked With
        </h2>
        <ul className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-5">
          {brands.map((brand) => (
            <li
              key={brand.name}
              className="flex items-center justify-center rounded-xl border border-slate-100 bg-white px-3 py-4 grayscale-[40%] transition hover:grayscale-0"
            >
              <img
                src={brand.image}
                alt={`${brand.name} logo`}
                width={240}
                height={80}
                loading="lazy"
                className="h-auto w-full max-w-44"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
