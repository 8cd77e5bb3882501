import { Link } from "react-router";

/** The 404 page body, inside the site layout. */
export function NotFoundMessage() {
  return (
    <section className="bg-white pt-36 pb-24">
      <div className="container-page max-w-2xl text-center">
        <p className="text-6xl font-extrabold text-brand">404</p>
        <h1 className="mt-4 text-3xl font-extrabold text-navy">Page not found</h1>
        <p className="mt-4 text-lg text-muted">
          The page you are looking for does not exist or has moved. These might help:
        </p>
        <ul className="mt-8 flex flex-wrap justify-center gap-3">
          {[
            ["/", "Home"],
            ["/services", "Our Services"],
            ["/blog", "Blog"],
            ["/contact", "Contact Us"],
          ].map(([to, label]) => (
            <li key={to}>
              <Link
                to={to!}
                className="inline-flex rounded-full bg-brand-50 px-5 py-2.5 font-semibold text-brand hover:bg-brand hover:text-white"
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
