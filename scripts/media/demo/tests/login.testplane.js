// Demo tests for the screenshots: two pass, one fails on purpose.
describe("login form", () => {
  it("shows an error for a wrong password", async ({ browser }) => {
    await browser.url("/");
    await browser.$("input[name=email]").setValue("anna@example.com");
    await browser.$("input[name=password]").setValue("not-this-one");
    await browser.$("button[type=submit]").click();
    await expect(browser.$(".error")).toHaveText("Wrong email or password");
    await browser.assertView("error", "form");
  });

  it("signs in with valid credentials", async ({ browser }) => {
    await browser.url("/");
    await browser.$("input[name=email]").setValue("anna@example.com");
    await browser.$("input[name=password]").setValue("secret");
    await browser.$("button[type=submit]").click();
    await expect(browser.$("h1")).toHaveText("Catalogue");
  });

  it("greets the user by name after sign-in", async ({ browser }) => {
    await browser.url("/catalog");
    // The demo shop has no greeting: this test fails, to show a failed test in the report.
    await expect(browser.$("header")).toHaveText("Hello, Anna", { wait: 1000 });
  });
});
