// docsite's code in layers (docs/architecture.md): no file imports a file that imports it back, however far round,
// and no stage imports a later stage — the build is one pass in one direction, config → content → compiled pages →
// routes → checks → images and client bundle → HTML → extras → output. Type imports count: they tie modules together
// as much as values do.
import { describe, it, expect } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Each folder of cli/ (or top-level file) by its place in the pass; files of a folder may import lower places only. */
const RANK: Record<string, number> = {
  // Used by every stage.
  "log.ts": 0,
  // The types of docsite's public surface (what a site's pages import).
  "public-types.ts": 0,
  boot: 0,
  cache: 0,
  config: 1,
  i18n: 1,
  content: 2,
  // Finding the site's own pages (src/pages of an imported site) is content's work.
  "pages/find-pages.ts": 2,
  mdx: 3,
  // The site's PostCSS (Tailwind), run on the CSS the compile's component bundles and the brand sheet hold.
  css: 3,
  // The island rule and names, which the compile applies to the components a page imports.
  "islands/classify.ts": 3,
  "islands/keys.ts": 3,
  routes: 4,
  redirects: 4,
  links: 5,
  images: 6,
  client: 6,
  islands: 6,
  brand: 6,
  render: 7,
  pages: 7,
  "theme-overrides": 7,
  search: 8,
  emit: 8,
  // dist-safety (cli/output/README.md): writes the output folder; uses the route paths, nothing that runs stages.
  output: 8,
  // What runs the stages.
  pipeline: 9,
  site: 9,
  dev: 10,
  server: 10,
  import: 10,
  init: 10,
  "main.ts": 11,
};

/**
 * The imports against the order, and why. The compile rewrites links into the URLs the route table will have, and
 * routes/paths.ts is where every URL shape is decided, from the config alone. The config checks its own paths
 * (routeBasePath…) by the rule content's paths follow (content/url-segments.ts, a leaf module). The compile's page
 * warnings say "no title" by the rule the route table takes a title from a page by (routes/page-meta.ts).
 */
const ALLOWED = new Set([
  "cli/mdx/content-links.ts -> cli/routes/paths.ts",
  "cli/config/load.ts -> cli/content/url-segments.ts",
  "cli/mdx/page-warnings.ts -> cli/routes/page-meta.ts",
]);

function sources(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(join(repo, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) sources(rel, out);
    else if (/\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

/** The project files a file imports (values and types), by path from the repository. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(repo, file), "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)"|import\("(\.[^"]+)"\)/gm)) {
    const spec = m[1] ?? m[2];
    out.push(
      relative(repo, normalize(join(repo, dirname(file), spec)))
        .split("\\")
        .join("/"),
    );
  }
  return out;
}

/** A file's place in RANK: `<folder>/<file>` when it has one of its own, else its folder (or `cli/<file>`). */
const placeOf = (file: string) => {
  const own = file.split("/").slice(1).join("/");
  return own in RANK ? own : file.split("/")[1];
};

describe("code layers", () => {
  const files = [...sources("cli"), ...sources("theme")];
  const graph = new Map(files.map((f) => [f, importsOf(f).filter((t) => files.includes(t))]));

  it("has no import cycle", () => {
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === "done") return;
      if (state.get(f) === "open") {
        cycles.push([...path.slice(path.indexOf(f)), f].join(" -> "));
        return;
      }
      state.set(f, "open");
      for (const t of graph.get(f) ?? []) visit(t, [...path, f]);
      state.set(f, "done");
    };
    for (const f of files) visit(f, []);
    expect(cycles).toEqual([]);
  });

  it("imports no later stage", () => {
    const upward: string[] = [];
    for (const [f, targets] of graph) {
      if (!f.startsWith("cli/")) continue;
      for (const t of targets) {
        if (!t.startsWith("cli/")) continue;
        const [from, to] = [RANK[placeOf(f)], RANK[placeOf(t)]];
        expect(from, `${f}: a place of cli/ not in RANK`).toBeDefined();
        if (to > from && !ALLOWED.has(`${f} -> ${t}`)) upward.push(`${f} -> ${t}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it("finds imports (the test itself works)", () => {
    expect(graph.get("cli/pipeline/build.ts")).toContain("cli/cache/cache.ts");
    expect(graph.get("cli/cache/cache.ts")).toContain("cli/cache/identity.ts");
  });
});
