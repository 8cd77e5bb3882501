import type { ShownItemOf } from "../../../common/schemas/content.ts";

/** The agency's claims (200+ projects, 150+ clients, 5+ years); none: nothing. */
export function Claims({
  claims,
  light = false,
}: {
  claims: readonly ShownItemOf<"claims">[];
  light?: boolean;
}) {
  if (claims.length === 0) return null;
  return (
    <dl className="grid grid-cols-3 gap-4 text-center">
      {claims.map((claim, index) => (
        <div
          key={index}
          className={`flex flex-col rounded-2xl px-2 py-5 ${light ? "bg-white/10" : "bg-brand-50"}`}
        >
          <dt
            className={`text-xs font-semibold sm:text-sm ${light ? "text-brand-100" : "text-muted"}`}
          >
            {claim.label}
          </dt>
          <dd
            className={`order-first text-3xl font-extrabold md:text-4xl ${light ? "text-white" : "text-brand"}`}
          >
            {claim.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
