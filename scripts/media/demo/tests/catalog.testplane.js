// Demo tests for the screenshots: a visual check that fails after a restyle, and a test that passes on retry.
describe("catalogue", () => {
  it("product card looks right", async ({ browser }) => {
    await browser.url("/catalog");
    await browser.assertView("kettle card", "[data-testid=card-kettle]");
  });

  it("shows stock status", async ({ browser }) => {
    await browser.url("/catalog?flaky=1");
    // The demo API answers "out of stock" to its first call of a run: the first attempt fails, the retry passes.
    await expect(browser.$("#stock")).toHaveText("in stock", { wait: 2000 });
  });

  it("opens the catalogue page", async ({ browser }) => {
    await browser.url("/catalog");
    await browser.assertView("heading", "h1");
  });
});
