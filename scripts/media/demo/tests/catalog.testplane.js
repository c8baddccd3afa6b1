// Demo tests for the screenshots: a visual check that fails after a restyle, and a test that passes on retry.
describe("catalogue", () => {
  it("product card looks right", async ({ browser }) => {
    await browser.url("/catalog");
    await browser.assertView("kettle card", "[data-testid=card-kettle]");
  });

  it("shows stock status", async ({ browser }) => {
    // Signs in first, so the recorded retry (time travel) has typing, a click and a page change to play back.
    await browser.url("/?flaky=1");
    await browser.$("input[name=email]").setValue("anna@example.com");
    await browser.$("input[name=password]").setValue("secret");
    await browser.$("button[type=submit]").click();
    // The demo API answers "out of stock" to its first call of a run: the first attempt fails, the retry passes.
    await expect(browser.$("#stock")).toHaveText("in stock", { wait: 2000 });
  });

  it("opens the catalogue page", async ({ browser }) => {
    await browser.url("/catalog");
    await browser.assertView("heading", "h1");
  });
});
