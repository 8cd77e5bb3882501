import { describe, expect, it } from "vitest";
import { passwordMessages } from "../../../common/schemas/auth.ts";
import { passwordProblem } from "./password-policy.ts";

// The one rule for a new staff password (issue 46, ASVS 5.0 V6.2): each refusal says why.

const context = { email: "ada.obi@agency.test", agencyName: "Brightlane Digital" };
const check = (password: string) => passwordProblem(password, context);

describe("the new-password rule", () => {
  it("refuses the issue's three: a listed password, twelve spaces, the account's own e-mail", async () => {
    expect(await check("passwordpassword")).toBe(passwordMessages.common);
    expect(await check("            ")).toBe(passwordMessages.onlySpaces);
    expect(await check("ada.obi@agency.test")).toBe(passwordMessages.email);
  });

  it("refuses what the list holds in disguise: case, numbers and signs around it, letter swaps, a repeat", async () => {
    for (const password of [
      "PASSWORDPASSWORD",
      "Password2024!",
      "iloveyou1234",
      "12345678password",
      "P@ssw0rdP@ssw0rd",
      "sunshinesunshine",
      "1qaz2wsx3edc",
    ]) {
      expect(await check(password), password).toBe(passwordMessages.common);
    }
  });

  it("refuses runs along the keyboard or the alphabet, and a few characters repeated", async () => {
    for (const password of ["qwertyuiopasdf", "abcdefghijklmn", "0987654321098"]) {
      expect(await check(password), password).toBe(passwordMessages.common);
    }
    for (const password of ["aaaaaaaaaaaa", "abcabcabcabc", "12121212121212", "  ab  ab  ab  ab"]) {
      expect(await check(password), password).toBe(passwordMessages.repeated);
    }
  });

  it("refuses the e-mail and the name before its @, alone or with numbers and signs", async () => {
    for (const password of [
      "ADA.OBI@AGENCY.TEST",
      " ada.obi@agency.test ",
      "adaobi2024!!!",
      "ada.obi.1234567",
    ]) {
      expect(await check(password), password).toBe(passwordMessages.email);
    }
    expect(
      await passwordProblem("chinedu.okafor", { ...context, email: "chinedu.okafor@example.com" }),
    ).toBe(passwordMessages.email);
  });

  it("refuses the agency's name as stored, or a word of it, with numbers only", async () => {
    expect(await check("Brightlane Digital")).toBe(passwordMessages.agency);
    expect(await check("brightlane2024!")).toBe(passwordMessages.agency);
    const renamed = { ...context, agencyName: "Zenith Growth Studio" };
    expect(await passwordProblem("ZenithGrowth2025", renamed)).toBe(passwordMessages.agency);
    expect(await passwordProblem("zenith growth studio", renamed)).toBe(passwordMessages.agency);
    // The built-in name is no word of a renamed agency.
    expect(await passwordProblem("brightlane hills at dawn", renamed)).toBeUndefined();
  });

  it("keeps the length rules and accepts good passphrases", async () => {
    expect(await check("short one")).toBe(passwordMessages.tooShort);
    expect(await check("x".repeat(1025))).toBe(passwordMessages.tooLong);
    for (const password of [
      "correct horse battery staple",
      "a brand new password 42",
      "ngozi edits the posts",
      "digital marketing in lekki",
      "Ada's kitchen opens at 9",
    ]) {
      expect(await check(password), password).toBeUndefined();
    }
  });
});
