// The scrollbar picture: the same box taken by a browser that hides scrollbars (the reference) and by one that
// draws them (the check), so the only difference is the scrollbar.
describe("reviews", () => {
  it("review list looks right", async ({ browser }) => {
    await browser.url("/reviews");
    await browser.assertView("review list", "[data-testid=reviews]");
  });
});
