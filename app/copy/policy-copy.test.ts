import { describe, expect, it } from "vitest";
import { fillPolicyText } from "./policy-copy.ts";

describe("a policy section's placeholders", () => {
  it("fills in the contact details and the month of Last updated, and nothing else", () => {
    const details = {
      email: "team@example.com",
      city: "Abuja",
      country: "Nigeria",
      lastUpdated: "2025-03-01",
    };
    expect(
      fillPolicyText(
        "Based in {city}, {country}; write to {email} ({date}). {name} {email",
        details,
      ),
    ).toBe("Based in Abuja, Nigeria; write to team@example.com (March 2025). {name} {email");
  });
});
