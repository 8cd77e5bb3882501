import { describe, expect, it } from "vitest";
import { CONVERSION_OVER, CONVERSION_OVER_NOTE, conversion, conversionText } from "./traffic.ts";

describe("conversion", () => {
  it("reads as a percentage, and above 100% as 100%+ with its reason (issue 50)", () => {
    expect(conversionText(conversion(1, 24))).toBe("4.2%");
    expect(conversionText(conversion(3, 3))).toBe("100%");
    expect(conversionText(conversion(5, 3))).toBe(CONVERSION_OVER);
    expect(CONVERSION_OVER).toBe("100%+");
    expect(CONVERSION_OVER_NOTE).toMatch(/^100%\+: more enquiries than counted visitors\./);
    expect(conversionText(conversion(2, 0))).toBe("–");
  });
});
