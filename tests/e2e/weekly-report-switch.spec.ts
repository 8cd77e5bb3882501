import { expect, expectNoAxeViolations, signIn, test } from "./fixtures.ts";

// The owner's switch of the weekly traffic report on My account (issue 33). The shared test
// server has no mail: the status says that no report is sent and links to the Mail screen,
// and the switch still saves. The mails themselves: tests/api/traffic-report.test.ts.

test("an owner turns the weekly report off and on; without mail the page says none is sent", async ({
  page,
}, testInfo) => {
  await signIn(page);
  await page.goto("/admin/account");
  const panel = page.getByRole("region", { name: "Weekly traffic report" });
  const box = panel.getByRole("checkbox", {
    name: "Send me the weekly traffic report by e-mail (Mondays at 08:00)",
  });
  await expect(box).toBeChecked();
  const status = panel.locator("#weekly-report-status");
  await expect(status).toHaveText(
    "Ticked, but mail is not set up: no report is sent until it is. Set up mail on the Mail screen.",
  );
  await expect(panel.getByRole("link", { name: "Set up mail on the Mail screen" })).toHaveAttribute(
    "href",
    "/admin/mail",
  );
  await expect(box).toHaveAccessibleDescription(/no report is sent/);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.screenshot({ path: testInfo.outputPath(`weekly-report-${width}.png`) });
  }
  await expectNoAxeViolations(page, { include: "section[aria-labelledby='weekly-report-title']" });

  await box.uncheck();
  await panel.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").getByText("Weekly report turned off.")).toBeVisible();
  await expect(status).toHaveText(
    "Off. Mail is not set up either: the report needs it. Set up mail on the Mail screen.",
  );
  await page.reload();
  await expect(box).not.toBeChecked();

  await box.check();
  await panel.getByRole("button", { name: "Save" }).click();
  await expect(
    page
      .getByRole("status")
      .getByText("Weekly report ticked; no report is sent until mail is set up."),
  ).toBeVisible();
  await page.reload();
  await expect(box).toBeChecked();
});
