import { describe, expect, it } from "vitest";
import { fieldErrors, isFormResult } from "./form-result.ts";

describe("fieldErrors", () => {
  it("gives each top-level field that broke a rule one message, the forms' first", () => {
    const issues = [
      { message: "Please fill in all required fields.", path: ["name"] },
      { message: "Please enter a valid email address.", path: ["email"] },
      { message: "Please fill in all required fields.", path: ["companyName"] },
      { message: "Please fill in all required fields.", path: ["email"] },
      { message: "Please fill in all required fields.", path: [] },
      { message: "Option too long", path: ["options", 2] },
    ];
    expect(fieldErrors(issues)).toEqual({
      name: "Please fill in all required fields.",
      email: "Please fill in all required fields.",
      companyName: "Please fill in all required fields.",
      options: "Option too long",
    });
    expect(Object.keys(fieldErrors(issues))).toEqual(["name", "email", "companyName", "options"]);
    expect(fieldErrors([])).toEqual({});
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
