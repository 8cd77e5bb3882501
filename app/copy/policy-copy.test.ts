import { describe, expect, it } from "vitest";
import { fillPolicyText } from "./policy-copy.ts";

describe("a policy section's placeholders", () => {
  it("fills in the name, the contact details and the month of Last updated, and nothing else", () => {
    const details = {
      name: "Lagos Bloom Media",
      email: "team@example.com",
      city: "Abuja",
      country: "Nigeria",
      lastUpdated: "2025-03-01",
    };
    expect(
      fillPolicyText(
        "{name}, based in {city}, {country}; write to {email} ({date}). {agency} {email",
        details,
      ),
    ).toBe(
      "Lagos Bloom Media, based in Abuja, Nigeria; write to team@example.com (March 2025). {agency} {email",
    );
  });
});
