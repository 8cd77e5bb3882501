import type { ShownItemOf } from "../../../common/schemas/content.ts";
import { brandedColour } from "../../../common/brand-colours.ts";
import { Reveal } from "../ui/reveal.tsx";

/**
 * The team members: photo, name and position in the member's colour. With `bios` (the team
 * page) the cards are wide, with the short bio beside the photo. A photo of any shape fills
 * a square box (cropped), so an upload cannot stretch a card.
 */
export function TeamGrid({
  team,
  bios = false,
}: {
  team: readonly ShownItemOf<"team">[];
  bios?: boolean;
}) {
  return (
    <ul className={`grid gap-6 ${bios ? "md:grid-cols-2" : "sm:grid-cols-2 lg:grid-cols-4"}`}>
      {team.map((member, index) => (
        <Reveal as="li" key={index} delay={50 + index * 150}>
          <article
            className={`h-full overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-black/5 ${
              bios ? "grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)]" : ""
            }`}
          >
            <img
              src={member.image.src}
              alt={member.image.alt}
              width={400}
              height={400}
              loading="lazy"
              className={`w-full object-cover ${bios ? "aspect-square h-full" : "aspect-square"}`}
            />
            <div
              className={bios ? "border-l-4 p-5 sm:p-6" : "border-t-4 p-5"}
              style={{ borderColor: brandedColour(member.color) }}
            >
              <h3 className="text-lg font-bold text-navy">{member.name}</h3>
              <p className="text-sm font-semibold text-accent-ink">{member.position}</p>
              {bios && member.bio && <p className="mt-3 text-muted">{member.bio}</p>}
            </div>
          </article>
        </Reveal>
      ))}
    </ul>
  );
}
