// Complete examples (code blocks flagged `test`: whole test files and config files) type-check against the published
// Testplane typings (the testplane devDependency, pinned to 8.41.2). See tests/support/typecheck-examples.ts.
import { describe, it, expect } from "vitest";
import { allContentBlocks, metaFlags } from "../support/code-blocks.ts";
import { typecheckBlocks } from "../support/typecheck-examples.ts";

const complete = allContentBlocks().filter((b) => metaFlags(b.meta).has("test"));

describe("complete examples type-check against testplane's typings", () => {
  it("the quickstart, the main config page and the guides have flagged examples", () => {
    const files = new Set(complete.map((b) => b.file));
    for (const locale of ["en", "ru"]) {
      expect(files).toContain(`content/${locale}/docs/v8/quickstart/index.mdx`);
      expect(files).toContain(`content/${locale}/docs/v8/config/main.mdx`);
    }
    expect(complete.filter((b) => b.file.includes("/guides/")).length).toBeGreaterThanOrEqual(20);
  });

  it("tsc --noEmit finds no error in any flagged example", () => {
    const errors = typecheckBlocks(complete).map((e) => `${e.file}:${e.line}: ${e.message}`);
    expect(errors).toEqual([]);
  });

  it("catches the mistakes the issue found (a wrong matcher argument, a field tests do not have)", () => {
    const block = (code: string) => ({ file: "content/x.mdx", line: 1, lang: "typescript", meta: "test", code });
    const errors = typecheckBlocks([
      block(`it("a", async ({ browser }) => {
    await expect(browser.$("a")).toHaveAttribute("href", expect.stringContaining("iana.org"));
});`),
      block(`afterEach(async ({ currentTest }) => {
    if (currentTest.state === "failed") return;
});`),
    ]);
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^TS2769: No overload matches this call/),
      expect.stringMatching(/^TS2339: Property 'state' does not exist on type 'Test'/),
    ]);
  });
});
