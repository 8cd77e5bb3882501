import { describe, expect, it } from "vitest";
import { listContentTypes, singleContentTypes } from "../../../common/schemas/content.ts";
import { pageFields } from "./page-edit.tsx";

// The form adds " (optional)" to an optional field's label itself (issue 50: the page editor
// read "Share image (optional) (optional)").
describe("optional fields' labels", () => {
  it("never say (optional) themselves", () => {
    const all = [
      ...Object.values(pageFields),
      ...Object.values(listContentTypes).flatMap((type) => [...type.fields]),
      ...Object.values(singleContentTypes).flatMap((type) => [...type.fields]),
    ] as { label: string; optional?: boolean }[];
    const doubled = all.filter((field) => field.optional && /\(optional\)/i.test(field.label));
    expect(doubled.map((field) => field.label)).toEqual([]);
    expect(pageFields.image.label).toBe("Share image");
  });
});
