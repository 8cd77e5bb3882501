import { describe, expect, it } from "vitest";
import { fieldsWith, isFormResult } from "./form-result.ts";

describe("fieldsWith", () => {
  it("names the top-level fields that carry the message, once each, in order", () => {
    const issues = [
      { message: "Please fill in all required fields.", path: ["name"] },
      { message: "Please enter a valid email address.", path: ["email"] },
      { message: "Please fill in all required fields.", path: ["companyName"] },
      { message: "Please fill in all required fields.", path: ["name"] },
      { message: "Please fill in all required fields.", path: [] },
      { message: "Option too long", path: ["options", 2] },
    ];
    expect(fieldsWith(issues, "Please fill in all required fields.")).toEqual([
      "name",
      "companyName",
    ]);
    expect(fieldsWith(issues, "Option too long")).toEqual(["options"]);
    expect(fieldsWith(issues, "Nothing")).toEqual([]);
  });
});

describe("isFormResult", () => {
  it("recognises an action's answer and nothing else", () => {
    expect(
      isFormResult({ intent: "home", ok: true, message: "Form submitted successfully!" }),
    ).toBe(true);
    expect(isFormResult(undefined)).toBe(false);
    expect(isFormResult({ blogs: [] })).toBe(false);
    expect(isFormResult("text")).toBe(false);
  });
});
