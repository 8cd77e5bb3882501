import { describe, expect, it } from "vitest";
import { defaultSingles } from "../../common/content/defaults.ts";
import { searchPages } from "../../common/content/page-words.ts";
import { searchSettingsSchema, shownSearch } from "../../common/schemas/content.ts";
import { SITE_LAYOUT_ROUTE_ID } from "./contact-details.tsx";
import { publicPages } from "./navigation.ts";
import { seo } from "./seo.ts";

const contentOf = (tags: ReturnType<typeof seo>, key: string, value: string) =>
  (tags.find((tag) => (tag as Record<string, string>)[key] === value) as { content?: string })
    ?.content;

describe("a page's own search title, description and share image", () => {
  it("can be set for every public page, and only for those", () => {
    expect(searchPages.map((page) => page.path)).toEqual(publicPages);
  });

  it("replace the page's own where staff set them; blank keeps today's", () => {
    const search = shownSearch(
      searchSettingsSchema.parse({
        ...defaultSingles.search,
        aboutTitle: "About the agency",
        aboutImage: { src: "/media/content/share.png", alt: "Our office", variants: [] },
      }),
    );
    expect(search).toEqual({
      "/about": {
        title: "About the agency",
        image: { src: "/media/content/share.png", alt: "Our office" },
      },
    });
    const matches = [{ id: SITE_LAYOUT_ROUTE_ID, loaderData: { search } }];
    const page = { description: "Today's.", origin: "https://example.ng", matches };
    const about = seo({ ...page, title: "About Us", path: "/about" });
    expect(about[0]).toEqual({ title: "About the agency" });
    expect(contentOf(about, "name", "description")).toBe("Today's.");
    expect(contentOf(about, "property", "og:image")).toBe(
      "https://example.ng/media/content/share.png",
    );
    expect(contentOf(about, "property", "og:image:alt")).toBe("Our office");
    const team = seo({ ...page, title: "Our Team", path: "/about/team" });
    expect(team[0]).toEqual({ title: expect.stringMatching(/^Our Team \| /) });
    expect(contentOf(team, "property", "og:image")).toBe(
      "https://example.ng/images/og-default.png",
    );
    expect(shownSearch(defaultSingles.search)).toEqual({});
  });
});
