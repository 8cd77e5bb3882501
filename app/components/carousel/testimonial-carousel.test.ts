import { describe, expect, it } from "vitest";
import { initialsOf } from "./testimonial-carousel.tsx";

describe("a testimonial without a picture", () => {
  it("shows the initials of the first and last name", () => {
    expect(initialsOf("Adaeze Okafor")).toBe("AO");
    expect(initialsOf(" kola ")).toBe("K");
    expect(initialsOf("Ngozi Amaka Eze")).toBe("NE");
    expect(initialsOf("Ọlá Adé")).toBe("ỌA");
  });
});
