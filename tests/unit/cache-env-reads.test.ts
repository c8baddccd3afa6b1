// The environment variables code reads (cli/cache/env-reads.ts): by its tokens, so a `process.env.X` in a string (a
// code block's text) is no read, and a read by a computed name is a read of the whole environment.
import { describe, expect, it } from "vitest";
import { envReads, stampEnv } from "../../cli/cache/env-reads.ts";

describe("envReads", () => {
  it("names the variables read by name, not those in strings, nor NODE_ENV", async () => {
    const code = [
      "const a = process.env.API_URL;",
      'const b = process.env["TOKEN_NAME"];',
      "const c = globalThis.process?.env?.OPTIONAL;",
      'const shown = "process.env.IN_A_STRING";',
      "const t = `process.env.IN_A_TEMPLATE`;",
      "const m = process.env.NODE_ENV;",
    ].join("\n");
    expect(await envReads(code)).toEqual(["env:API_URL", "env:OPTIONAL", "env:TOKEN_NAME"]);
  });

  it("reads the whole environment when the name is computed or the object escapes", async () => {
    expect(await envReads("const v = process.env[name];")).toEqual(["env:*"]);
    expect(await envReads("const { A } = process.env;")).toEqual(["env:*"]);
    expect(await envReads("return _jsx('p', { children: process.env.X });")).toEqual(["env:X"]);
  });

  it("stamps code with the values it reads: other values, other bytes", () => {
    const code = "return process.env.DOCSITE_STAMP_TEST;";
    process.env.DOCSITE_STAMP_TEST = "one";
    const one = stampEnv(code, ["env:DOCSITE_STAMP_TEST"]);
    process.env.DOCSITE_STAMP_TEST = "two";
    const two = stampEnv(code, ["env:DOCSITE_STAMP_TEST"]);
    delete process.env.DOCSITE_STAMP_TEST;
    expect(one).not.toBe(two);
    expect(one.endsWith(code)).toBe(true);
    expect(stampEnv(code, [])).toBe(code);
  });
});
