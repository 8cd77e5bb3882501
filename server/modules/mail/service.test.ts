import { describe, expect, it } from "vitest";
import { personalised, plainName } from "./service.ts";

describe("the auto-reply's name", () => {
  it("carries a plain name, in any script, with initials and titles", () => {
    for (const name of [
      "Ada",
      "Ngozi Okafor-Eze",
      "O'Brien",
      "Dr. Chidi",
      "A.B. Bello",
      "Dèlé Ọ̀rẹ́",
    ]) {
      expect(plainName(name), name).toBe(name);
    }
    expect(plainName("  Ada   Obi ")).toBe("Ada Obi");
    expect(personalised("Hello {name},", "Ngozi")).toBe("Hello Ngozi,");
  });

  it("leaves out anything else: links, addresses, digits, sentences", () => {
    for (const name of [
      "Winner! Claim your prize at http://evil.test",
      "Claim your prize at evil.test",
      "visit bit.ly",
      "www.evil.test",
      "ada@evil.test",
      "Call 08031234567",
      "You won the big prize today",
      "a".repeat(41),
      "<b>Ada</b>",
      "",
    ]) {
      expect(plainName(name), name).toBeUndefined();
      expect(personalised("Hello {name},", name)).toBe("Hello there,");
    }
  });
});
