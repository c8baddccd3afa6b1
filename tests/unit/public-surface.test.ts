// The Testplane site in this repository is written like any site outside it: its code (content/pages/*.tsx and any
// component or MDX import under content/) reaches docsite only through the public surface, "docsite-ssg/theme" and
// types from "docsite-ssg" (or the same under "docsite", the name before the package had its own). An import of
// docsite's internals (theme/…, cli/…, "docsite-ssg/<anything else>") fails here.
import { describe, it, expect } from "vitest";
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join, relative, resolve } from "node:path";
import { filesUnder } from "../../cli/content/files-under.ts";

const repo = join(import.meta.dirname, "..", "..");
const PUBLIC = new Set(["docsite-ssg", "docsite-ssg/theme", "docsite", "docsite/theme"]);
const OURS = /^(docsite-ssg|docsite)(\/|$)/;
const CODE = /\.(tsx?|jsx?|mjs|cjs)$/;

/** `import … from "x"` / `import "x"` lines of an MDX or Markdown file, outside code fences. */
function mdxImports(text: string): string[] {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of text.split("\n")) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (f && (!fence || f.startsWith(fence))) fence = fence ? undefined : f;
    else if (!fence) {
      const m = /^(?:import|export)\s[^"']*?["']([^"']+)["']/.exec(line);
      if (m) out.push(m[1]);
    }
  }
  return out;
}

/**
 * The imports under `contentDir` that are not the site's own files, a package, or docsite's public surface: each as
 * `file: specifier`. Code files go through esbuild (what the build does), so every import a module reaches counts.
 */
async function internalImports(contentDir: string): Promise<string[]> {
  const files = filesUnder(contentDir, contentDir).map((f) => join(contentDir, f));
  const bad: string[] = [];
  const check = (from: string, spec: string, target?: string) => {
    const where = `${relative(contentDir, from)}: ${spec}`;
    if (OURS.test(spec)) {
      if (!PUBLIC.has(spec)) bad.push(where);
    } else if (target && relative(contentDir, target).startsWith("..")) bad.push(where);
  };
  const code = files.filter((f) => CODE.test(f));
  if (code.length) {
    await build({
      entryPoints: code,
      bundle: true,
      write: false,
      outdir: "/out",
      format: "esm",
      platform: "node",
      jsx: "automatic",
      logLevel: "silent",
      plugins: [
        {
          name: "record-imports",
          setup(b) {
            b.onResolve({ filter: /.*/ }, (args) => {
              if (args.kind === "entry-point") return undefined;
              const relativeSpec = args.path.startsWith(".") || args.path.startsWith("/");
              const target = relativeSpec ? resolve(args.resolveDir, args.path) : undefined;
              check(args.importer, args.path, target);
              // Only the site's own modules are followed: what they import is checked too.
              return target && !relative(contentDir, target).startsWith("..") ? undefined : { external: true };
            });
          },
        },
      ],
    });
  }
  for (const f of files.filter((x) => [".md", ".mdx"].includes(extname(x)))) {
    for (const spec of mdxImports(readFileSync(f, "utf8"))) {
      const relativeSpec = spec.startsWith(".") || spec.startsWith("/");
      check(f, spec, relativeSpec ? resolve(f, "..", spec) : undefined);
    }
  }
  return bad;
}

describe("the Testplane site uses docsite's public surface only", () => {
  it("imports nothing of docsite's internals from content/", async () => {
    expect(await internalImports(join(repo, "content"))).toEqual([]);
    // It does use the surface: the landing page's hooks come from "docsite-ssg/theme".
    expect(readFileSync(join(repo, "content", "pages", "index.tsx"), "utf8")).toMatch(/from "docsite-ssg\/theme"/);
  });

  it("catches an internal import in a page, a component it imports, or an MDX file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docsite-surface-"));
    try {
      const content = join(dir, "content");
      await mkdir(join(content, "pages"), { recursive: true });
      await mkdir(join(content, "components"), { recursive: true });
      await mkdir(join(content, "en", "docs"), { recursive: true });
      await writeFile(
        join(content, "pages", "index.tsx"),
        'import { useT } from "docsite/theme";\nimport type { PageMeta } from "docsite";\nimport { Card } from "../components/card.tsx";\n' +
          "export const meta: PageMeta = {};\nexport default () => <Card t={useT()} />;\n",
      );
      await writeFile(
        join(content, "components", "card.tsx"),
        `import { Layout } from "${join(repo, "theme", "layout", "Layout.tsx")}";\nimport { x } from "docsite-ssg/cli";\n` +
          "export const Card = (p: { t: unknown }) => <Layout>{String(p.t) + x}</Layout>;\n",
      );
      await writeFile(
        join(content, "en", "docs", "a.mdx"),
        'import Tabs from "../../../../theme/mdx/Tabs.tsx";\n\n```js\nimport x from "../../../cli/main.ts";\n```\n',
      );
      expect((await internalImports(content)).sort()).toEqual([
        `components/card.tsx: ${join(repo, "theme", "layout", "Layout.tsx")}`,
        "components/card.tsx: docsite-ssg/cli",
        "en/docs/a.mdx: ../../../../theme/mdx/Tabs.tsx",
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
