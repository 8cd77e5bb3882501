import { describe, expect, it } from "vitest";
import { searchPages } from "../../common/content/page-words.ts";
import { defaultIdentity } from "../../common/identity.ts";
import { defaultServiceItems as services } from "../../common/content/services.ts";
import { derivedDescription } from "./search-descriptions.ts";

const renamed = { name: "Lagos Bloom Media", description: "Lagos Bloom Media grows brands." };

describe("derivedDescription", () => {
  it("gives every page with search fields a description from the stored identity", () => {
    for (const page of searchPages) {
      const text = derivedDescription(page.key, renamed, { city: "Ibadan" });
      expect(text.length, page.key).toBeGreaterThan(20);
      expect(text, page.key).not.toContain(defaultIdentity.name);
    }
    expect(derivedDescription("about", renamed)).toMatch(/^Lagos Bloom Media is a Lagos/);
    expect(derivedDescription("home", renamed)).toBe(renamed.description);
    expect(derivedDescription("socialMedia", renamed)).toBe(services[0]!.summary);
  });

  it("names the city and the office hours on Contact Us only when they are set", () => {
    expect(derivedDescription("contact", renamed)).toBe(
      "Call, e-mail or visit Lagos Bloom Media, or send an enquiry.",
    );
    expect(derivedDescription("contact", renamed, { city: "Lagos", officeHours: "9-5" })).toBe(
      "Call, e-mail or visit Lagos Bloom Media in Lagos, or send an enquiry. Office hours 9-5.",
    );
  });
});
