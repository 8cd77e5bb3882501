import { describe, expect, it } from "vitest";
import { issueMail, prepareIssue } from "./issue-mail.ts";

const brand = {
  origin: "https://agency.test",
  name: "Agency & Co",
  primaryColour: "#053685",
  accentColour: "#DD8D15",
  postalAddress: "1 Marina, Lagos, Nigeria",
};
const unsubscribe = "https://agency.test/newsletter/unsubscribe/id.mac";

describe("the newsletter's mail", () => {
  const issue = prepareIssue(
    {
      sendId: "send-1",
      subject: "Hello\r\nBcc: everyone@example.com",
      previewText: "Soon <b>",
      body: ["A [link](/services) and **bold**.\n* One", "Hidden \u0000unsubscribe\u0000 text"],
      post: { title: "A <title>", url: "https://agency.test/blog/a" },
    },
    brand,
  );
  const mail = issueMail(issue, "ada@example.com", unsubscribe);

  it("keeps the subject and headers on one line", () => {
    expect(mail.subject).toBe("Hello Bcc: everyone@example.com");
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("escapes every text, makes every address absolute and styles every tag inline", () => {
    expect(mail.html).toContain("A &#60;title&#62;");
    expect(mail.html).toContain("Agency &#38; Co");
    expect(mail.html).toContain("Soon &#60;b&#62;");
    expect(mail.html).toContain('href="https://agency.test/services"');
    expect(mail.html).toContain('href="https://agency.test/newsletter/send-1"');
    expect(mail.html).not.toMatch(/href="\//);
    // Outlook's own table (in conditional comments) aside, every tag carries its style.
    const html = mail.html.replace(/<!--\[if mso\]>.*?<!\[endif\]-->/g, "");
    expect(html).not.toMatch(/<(p|li|ul|h1|h2|a|td)(?![^>]*style=)[ >]/);
    expect(mail.html).toContain("1 Marina, Lagos, Nigeria");
  });

  it("puts the recipient's link in both parts, and nowhere a text asked for it", () => {
    expect(mail.html).toContain(`href="${unsubscribe}"`);
    expect(mail.text).toContain(`Unsubscribe: ${unsubscribe}`);
    expect(mail.text).toContain("Hidden unsubscribe text");
    expect(mail.html).not.toContain("\u0000");
    expect(mail.text).toContain("A link (https://agency.test/services) and bold.");
    expect(mail.text).toContain("* One");
  });
});
