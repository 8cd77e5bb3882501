import { Link } from "react-router";
import { buttonPrimary } from "../ui/styles.ts";

/** "Let's Get Started": the closing call to action of the about and services pages. */
export function LetsGetStarted() {
  return (
    <section aria-labelledby="get-started" className="bg-white py-16 md:py-20">
      <div className="container-page">
        <div className="relative overflow-hidden rounded-3xl bg-brand px-6 py-12 text-center text-white md:px-16">
          <div
            aria-hidden="true"
            className="absolute -bottom-24 -left-24 size-72 rounded-full border-[2.5rem] border-white/10"
          />
          <h2 id="get-started" className="relative text-3xl font-extrabold md:text-4xl">
            Let&apos;s Get Started
          </h2>
          <p className="relative mx-auto mt-4 max-w-2xl text-lg text-brand-100">
            Tell us about your business and your goals. We will reply within one working day with
            ideas and a clear price in naira.
          </p>
          <div className="relative mt-8 flex flex-wrap justify-center gap-4">
            <Link to="/contact" className={buttonPrimary}>
              Get in Touch
            </Link>
            <Link
              to="/services"
              className="inline-flex items-center rounded-full border-2 border-white px-6 py-3 font-bold text-white hover:bg-white hover:text-brand"
            >
              Our Services
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
