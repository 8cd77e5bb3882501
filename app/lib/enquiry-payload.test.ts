import { describe, expect, it } from "vitest";
import { firstMessage } from "../../common/schemas/common.ts";
import { enquiryInputSchema } from "../../common/schemas/enquiry.ts";
import { messages } from "../../common/messages.ts";
import { enquiryPayload, formValues, type EnquiryFormKind } from "./enquiry-payload.ts";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

/** What the form would show for this payload: null when it passes. */
function problem(kind: EnquiryFormKind, entries: [string, string][]): string | null {
  const result = enquiryInputSchema.safeParse(enquiryPayload(kind, formValues(form(entries))));
  return result.success ? null : firstMessage(result.error.issues);
}

describe("formValues", () => {
  it("keeps single fields as text and makes options a list, even with one ticked", () => {
    expect(
      formValues(
        form([
          ["name", "Ada"],
          ["options", "Logo Design"],
          ["intent", "service-form"],
        ]),
      ),
    ).toEqual({ name: "Ada", options: ["Logo Design"], intent: "service-form" });
  });

  it("collects every ticked option in order", () => {
    expect(
      formValues(
        form([
          ["options", "A"],
          ["options", "B"],
          ["options", "C"],
        ]),
      ).options,
    ).toEqual(["A", "B", "C"]);
  });

  it("ignores uploaded files", () => {
    const data = form([["name", "Ada"]]);
    data.append("file", new Blob(["x"]), "x.txt");
    expect(formValues(data)).toEqual({ name: "Ada" });
  });
});

describe("enquiryPayload", () => {
  it("home and floating forms: name, email, phoneNumber, textarea, serviceType 'Inquiry form response'", () => {
    for (const kind of ["home", "floating"] as const) {
      expect(
        enquiryPayload(
          kind,
          formValues(
            form([
              ["name", " Ada Obi "],
              ["email", "ada@example.com"],
              ["phoneNumber", "803 123 4567"],
              ["textarea", "Call me"],
              ["intent", kind],
            ]),
          ),
        ),
      ).toEqual({
        name: "Ada Obi",
        email: "ada@example.com",
        phoneNumber: "+234803 123 4567",
        textarea: "Call me",
        serviceType: "Inquiry form response",
      });
    }
  });

  it("leaves blank optional fields out", () => {
    expect(
      enquiryPayload(
        "home",
        formValues(
          form([
            ["name", "Ada"],
            ["email", "a@b.co"],
            ["phoneNumber", " "],
            ["textarea", ""],
          ]),
        ),
      ),
    ).toEqual({ name: "Ada", email: "a@b.co", serviceType: "Inquiry form response" });
  });

  it("does not double the +234 prefix when the visitor typed it", () => {
    const payload = enquiryPayload(
      "home",
      formValues(
        form([
          ["name", "Ada"],
          ["email", "a@b.co"],
          ["phoneNumber", "+2348031234567"],
        ]),
      ),
    );
    expect(payload.phoneNumber).toBe("+2348031234567");
  });

  it("service form: company, name, email, phone, options and the service name", () => {
    expect(
      enquiryPayload(
        "service",
        formValues(
          form([
            ["serviceType", "Page Revamp"],
            ["companyName", "Obi Foods"],
            ["name", "Chidi"],
            ["email", "chidi@example.com"],
            ["phoneNumber", "8031234567"],
            ["options", "Content and Visual Updates"],
          ]),
        ),
      ),
    ).toEqual({
      companyName: "Obi Foods",
      name: "Chidi",
      email: "chidi@example.com",
      phoneNumber: "+2348031234567",
      options: ["Content and Visual Updates"],
      serviceType: "Page Revamp",
    });
  });

  it("package form: the chosen package is the service type; instagram and website go along", () => {
    expect(
      enquiryPayload(
        "package",
        formValues(
          form([
            ["companyName", "Lagos Lux"],
            ["name", "Funke"],
            ["email", "funke@example.com"],
            ["package", "GROW ME"],
            ["instagram", "@lagoslux"],
            ["website", "https://lagoslux.ng"],
            ["options", "6 Months Contract"],
          ]),
        ),
      ),
    ).toEqual({
      companyName: "Lagos Lux",
      name: "Funke",
      email: "funke@example.com",
      instagram: "@lagoslux",
      website: "https://lagoslux.ng",
      options: ["6 Months Contract"],
      package: "GROW ME",
      serviceType: "GROW ME",
    });
  });

  it("contact quick form: name, email, phone, date, message and serviceType 'contact'", () => {
    expect(
      enquiryPayload(
        "quick",
        formValues(
          form([
            ["name", "Emeka"],
            ["email", "emeka@example.com"],
            ["phone", "8091112222"],
            ["date", "2026-12-01"],
            ["message", "Next week?"],
          ]),
        ),
      ),
    ).toEqual({
      name: "Emeka",
      email: "emeka@example.com",
      phone: "+2348091112222",
      date: "2026-12-01",
      message: "Next week?",
      serviceType: "contact",
    });
  });

  it("long contact form: company, name, email, phone, options, message and 'Contact Form'", () => {
    expect(
      enquiryPayload(
        "long",
        formValues(
          form([
            ["companyName", "Eze & Sons"],
            ["name", "Ngozi"],
            ["email", "ngozi@example.com"],
            ["options", "Page Revamp"],
            ["options", "Digital Marketing"],
            ["message", "A rebrand"],
          ]),
        ),
      ),
    ).toEqual({
      companyName: "Eze & Sons",
      name: "Ngozi",
      email: "ngozi@example.com",
      message: "A rebrand",
      options: ["Page Revamp", "Digital Marketing"],
      serviceType: "Contact Form",
    });
  });

  it("sends the honeypot along only when a robot filled it", () => {
    const base: [string, string][] = [
      ["name", "Bot"],
      ["email", "bot@example.com"],
    ];
    expect(
      enquiryPayload("home", formValues(form([...base, ["faxNumber", ""]]))),
    ).not.toHaveProperty("faxNumber");
    expect(
      enquiryPayload("home", formValues(form([...base, ["faxNumber", "555"]]))).faxNumber,
    ).toBe("555");
  });
});

describe("the messages a form shows (shared schema)", () => {
  it("home form: required first, then the e-mail rule; phone and message optional", () => {
    expect(problem("home", [["email", "bad"]])).toBe(messages.required);
    expect(
      problem("home", [
        ["name", "Ada"],
        ["email", "ada@example"],
      ]),
    ).toBe(messages.invalidEmail);
    expect(
      problem("home", [
        ["name", "Ada"],
        ["email", "ada@example.com"],
      ]),
    ).toBeNull();
  });

  it("service form: required, then e-mail, then at least one option", () => {
    const filled: [string, string][] = [
      ["serviceType", "Page Revamp"],
      ["companyName", "Obi Foods"],
      ["name", "Chidi"],
    ];
    expect(
      problem("service", [
        ["name", "Chidi"],
        ["email", "bad"],
      ]),
    ).toBe(messages.required);
    expect(problem("service", [...filled, ["email", "bad"]])).toBe(messages.invalidEmail);
    expect(problem("service", [...filled, ["email", "c@example.com"]])).toBe(messages.selectOption);
    expect(
      problem("service", [
        ...filled,
        ["email", "c@example.com"],
        ["options", "Content and Visual Updates"],
      ]),
    ).toBeNull();
  });

  it("package form asks for a contract option", () => {
    expect(
      problem("package", [
        ["companyName", "Lux"],
        ["name", "Funke"],
        ["email", "f@example.com"],
        ["package", "TAKE OFF"],
      ]),
    ).toBe(messages.selectOption);
  });

  it("contact quick form: every field is required", () => {
    const all: [string, string][] = [
      ["name", "Emeka"],
      ["email", "e@example.com"],
      ["phone", "8091112222"],
      ["date", "2026-12-01"],
      ["message", "Hello"],
    ];
    expect(problem("quick", all)).toBeNull();
    for (const [field] of all) {
      expect(
        problem(
          "quick",
          all.filter(([name]) => name !== field),
        ),
        field,
      ).toBe(messages.required);
    }
  });

  it("long contact form: company required and one service ticked", () => {
    expect(
      problem("long", [
        ["name", "N"],
        ["email", "n@example.com"],
        ["options", "Page Revamp"],
      ]),
    ).toBe(messages.required);
    expect(
      problem("long", [
        ["companyName", "E"],
        ["name", "N"],
        ["email", "n@example.com"],
      ]),
    ).toBe(messages.selectOption);
  });
});
