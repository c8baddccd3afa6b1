// Every js/ts/jsx/tsx code block of the site parses. Fence flags (words in the fence meta) say what a block is:
//   signature  a pseudo-signature such as `toHaveUrl(url: string, options?): Promise<void>`; not parsed as code
//   fragment   members of an object literal (a piece of a config); parsed inside `({ … })`
//   test       a complete test file or config file; also type-checked against Testplane's typings
//              (tests/examples/typecheck.test.ts)
// A failure names the .mdx file and the line of the opening fence. Both locales must flag a page's blocks alike.
import { describe, it, expect } from "vitest";
import { transformSync } from "esbuild";
import { allContentBlocks, scriptLanguages, metaFlags, type CodeBlock } from "../support/code-blocks.ts";

const knownFlags = new Set(["signature", "fragment", "test"]);
const blocks = allContentBlocks();
const scripts = blocks.filter((b) => scriptLanguages[b.lang]);

/** The first syntax error of a block as `file:line: message`, or null when it parses. */
function parseError(b: CodeBlock): string | null {
  const flags = metaFlags(b.meta);
  if (flags.has("signature")) return null;
  const code = flags.has("fragment") ? `({\n${b.code}\n})` : b.code;
  const shift = flags.has("fragment") ? 1 : 0;
  try {
    transformSync(code, { loader: scriptLanguages[b.lang], format: "esm", logLevel: "silent" });
    return null;
  } catch (e) {
    const first = (e as { errors?: { text: string; location?: { line: number } | null }[] }).errors?.[0];
    // esbuild lines are 1-based inside the block; the block starts on the line after the fence.
    const line = b.line + (first?.location ? first.location.line - shift : 0);
    return `${b.file}:${line}: ${first?.text ?? String(e)} (${b.lang} block opened at line ${b.line})`;
  }
}

describe("code blocks of the site", () => {
  it("finds the blocks (sanity: the content has well over a thousand script blocks)", () => {
    expect(scripts.length).toBeGreaterThan(1000);
  });

  it("every js/ts/jsx/tsx block parses (signatures excepted, fragments as object members)", () => {
    const errors = scripts.map(parseError).filter((e): e is string => e !== null);
    expect(errors).toEqual([]);
  });

  it("fence flags are known ones", () => {
    const unknown = blocks.flatMap((b) =>
      [...metaFlags(b.meta)].filter((f) => !knownFlags.has(f)).map((f) => `${b.file}:${b.line}: unknown flag "${f}"`),
    );
    expect(unknown).toEqual([]);
  });

  it("a signature block is a short signature, not a whole example", () => {
    const long = scripts
      .filter((b) => metaFlags(b.meta).has("signature"))
      .filter((b) => b.code.trim().split("\n").length > 6 || /\b(describe|it)\(/.test(b.code))
      .map((b) => `${b.file}:${b.line}`);
    expect(long).toEqual([]);
  });

  it("reports a broken block with its file and line", () => {
    const broken: CodeBlock = {
      file: "content/x.mdx",
      line: 10,
      lang: "ts",
      meta: "",
      code: "const a = 1;\nconst = 2;",
    };
    expect(parseError(broken)).toMatch(/^content\/x\.mdx:12: /);
    const fragment: CodeBlock = { file: "content/x.mdx", line: 3, lang: "js", meta: "fragment", code: "a: 1,\nb: [" };
    expect(parseError(fragment)).toMatch(/^content\/x\.mdx:\d+: /);
    expect(parseError({ ...fragment, code: "retry: 2,\nhttpTimeout: 5000," })).toBeNull();
  });
});

describe("both locales flag their code blocks alike", () => {
  const byFile = new Map<string, CodeBlock[]>();
  for (const b of blocks) byFile.set(b.file, [...(byFile.get(b.file) ?? []), b]);
  const pairs = [...byFile.keys()]
    .filter((f) => f.startsWith("content/en/") && byFile.has(f.replace("content/en/", "content/ru/")))
    .map((f) => [f, f.replace("content/en/", "content/ru/")] as const);

  it("has pages in both locales to compare", () => {
    expect(pairs.length).toBeGreaterThan(100);
  });

  it("the n-th block of a page has the same language and flags in English and Russian", () => {
    const describeBlocks = (file: string) =>
      (byFile.get(file) ?? []).map((b) => `${b.lang} ${[...metaFlags(b.meta)].sort().join(",")}`);
    const differ = pairs
      .filter(([en, ru]) => describeBlocks(en).join("\n") !== describeBlocks(ru).join("\n"))
      .map(([en, ru]) => `${en} ≠ ${ru}`);
    expect(differ).toEqual([]);
  });
});
