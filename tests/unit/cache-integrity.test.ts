// Entries that cannot lie (cli/cache/cache.ts): every store of the build cache, each of its files damaged in each way
// — bytes zeroed in place, cut short, replaced by another entry's file, made unreadable (and for the image store's
// two files, padded) — gives the same dist/ as a cold build, with exit 0 and the damage counted in the build's report
// (so the damaged file was read, and refused).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { appendFile, cp, mkdir, open, readdir, rm, stat, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fixtureSite, removeSite, buildSite } from "../support/site.ts";
import { enrich, treeDifferences } from "../support/rich-site.ts";

const CACHE = join(".docsite", "cache");

type Way = "zeroed" | "truncated" | "foreign" | "unreadable" | "padded";
const WAYS: Way[] = ["zeroed", "truncated", "foreign", "unreadable"];

/**
 * Each store's file to damage, and what makes the build read it: the output lacking a page (its HTML is then read
 * from the render store), pages that must render (their code and content are then read), bundles to make again
 * (their pages' analyses are then read).
 */
interface Target {
  store: string;
  /** Which of an entry's files, when it has more than one. */
  part?: string;
  /** The file, relative to the cache folder (the first one found of this shape). */
  file: (cache: string) => Promise<string>;
  /** Cache files removed besides, so that the damaged one is read. */
  alsoRemove?: (cache: string) => Promise<string[]>;
  /** The output folder is removed first (the render store's HTML and the images' encoded files are then read). */
  noOutput?: boolean;
  /** Ways besides WAYS. */
  alsoWays?: Way[];
}

const filesOf = async (cache: string, store: string, pattern: RegExp) =>
  (await readdir(join(cache, store))).filter((n) => pattern.test(n)).map((n) => join(store, n));
const first = (store: string, pattern: RegExp) => async (cache: string) => (await filesOf(cache, store, pattern))[0];
const all = (store: string, pattern: RegExp) => (cache: string) => filesOf(cache, store, pattern);
const PACK = /^[0-9a-f]{16}$/;
/** A search bundle's two files (pipeline/cached-steps.ts). */
const SEARCH_ENTRY = /^[0-9a-f]{16}\.(json|bin)$/;

const TARGETS: Target[] = [
  { store: "mdx", file: first("mdx", /\.json$/) },
  {
    store: "mdx",
    file: async (cache) => {
      // The code of the page with the component (the largest): read when the page renders.
      const names = await filesOf(cache, "mdx", /\.js$/);
      const sizes = await Promise.all(names.map(async (n) => (await stat(join(cache, n))).size));
      return names[sizes.indexOf(Math.max(...sizes))];
    },
    alsoRemove: async () => ["render-index.json", "content-index.json"],
  },
  { store: "render", file: first("render", PACK), noOutput: true },
  { store: "render-index.json", file: async () => "render-index.json", noOutput: true },
  { store: "content", file: first("content", PACK), alsoRemove: async () => ["render-index.json"] },
  {
    store: "content-index.json",
    file: async () => "content-index.json",
    alsoRemove: async () => ["render-index.json"],
  },
  { store: "search-page", file: first("search-page", PACK), alsoRemove: all("search", SEARCH_ENTRY) },
  {
    store: "search-page-index.json",
    file: async () => "search-page-index.json",
    alsoRemove: all("search", SEARCH_ENTRY),
  },
  // A bundle's description (read every build), and its files (read when the output lacks them).
  { store: "search", part: "description", file: first("search", /\.json$/), alsoWays: ["padded"] },
  { store: "search", part: "files", file: first("search", /\.bin$/), noOutput: true, alsoWays: ["padded"] },
  { store: "client", file: first("client", PACK) },
  { store: "frontmatter", file: first("frontmatter", /\.json$/) },
  // An image's description (read every build), and its encoded files (read when the output lacks them).
  { store: "images", part: "description", file: first("images", /\.json$/), alsoWays: ["padded"] },
  { store: "images", part: "encoded files", file: first("images", /\.bin$/), noOutput: true, alsoWays: ["padded"] },
  { store: "pages", file: first("pages", PACK) },
  { store: "output", file: first("output", /\.json$/) },
];

async function damage(cache: string, file: string, way: Way, foreign: string): Promise<void> {
  const path = join(cache, file);
  const { size } = await stat(path);
  if (way === "truncated") await truncate(path, Math.floor(size / 2));
  else if (way === "padded") await appendFile(path, Buffer.alloc(1));
  else if (way === "zeroed") {
    // Bytes in the middle set to zero; the length stays.
    const fd = await open(path, "r+");
    const n = Math.max(1, Math.min(64, Math.floor(size / 4)));
    await fd.write(Buffer.alloc(n), 0, n, Math.floor(size / 2) - Math.floor(n / 2));
    await fd.close();
  } else if (way === "foreign") await cp(join(cache, foreign), path);
  else {
    await rm(path);
    await mkdir(path);
  }
}

describe("a damaged cache entry is a miss, never output", () => {
  let root: string;
  let reference: string;
  const snapshot = () => join(root, "..", `${root.split("/").pop()}-cache`);
  const distSnapshot = () => join(root, "..", `${root.split("/").pop()}-dist`);

  beforeAll(async () => {
    root = await fixtureSite();
    await enrich(root);
    // Two output folders (two manifests) and a full cache; then the reference, built without any cache.
    await buildSite(root, { outDir: join(root, "dist-other") });
    await buildSite(root);
    reference = join(root, "..", `${root.split("/").pop()}-ref`);
    await buildSite(root, { outDir: reference, cache: false });
    expect(await treeDifferences(join(root, "dist"), reference)).toEqual([]);
    await cp(join(root, CACHE), snapshot(), { recursive: true });
    await cp(join(root, "dist"), distSnapshot(), { recursive: true });
  });
  afterAll(async () => {
    for (const d of [reference, snapshot(), distSnapshot()]) if (d) await removeSite(d);
    await removeSite(root);
  });

  for (const target of TARGETS)
    it(`${target.store}${target.part ? ` (${target.part})` : ""}: ${[...WAYS, ...(target.alsoWays ?? [])].join(", ")}: the build is right and says so`, async () => {
      for (const way of [...WAYS, ...(target.alsoWays ?? [])]) {
        const cache = join(root, CACHE);
        await rm(cache, { recursive: true, force: true });
        await cp(snapshot(), cache, { recursive: true });
        await rm(join(root, "dist"), { recursive: true, force: true });
        if (!target.noOutput) await cp(distSnapshot(), join(root, "dist"), { recursive: true });
        const file = await target.file(cache);
        expect(file, `${target.store}: no file to damage`).toBeTruthy();
        for (const other of (await target.alsoRemove?.(cache)) ?? []) await rm(join(cache, other), { force: true });
        // Another entry's file of the same kind in the same store when there is one, else one of another store.
        const siblings = (await readdir(join(cache, file, ".."))).map((n) => join(file, "..", n));
        const name = (n: string) => n.split("/").pop()!;
        const foreign =
          siblings.find(
            (n) =>
              n !== file &&
              !n.endsWith(".tmp") &&
              PACK.test(name(n).slice(0, 16)) &&
              name(n).slice(0, 16) !== name(file).slice(0, 16) &&
              name(n).slice(16) === name(file).slice(16),
          ) ??
          (file.startsWith("client")
            ? await filesOf(cache, "search", SEARCH_ENTRY)
            : await filesOf(cache, "client", PACK))[0];
        if (target.store === "output") {
          // The manifest vouches for files in dist/: one changed behind its back must still be written.
          await writeFile(join(root, "dist", "docs/v1/guide/first/index.html"), "stale");
        }
        await damage(cache, file, way, foreign);
        const r = await buildSite(root);
        const what = `${target.store} ${way} (${file})`;
        expect(await treeDifferences(join(root, "dist"), reference), what).toEqual([]);
        const damaged = Object.values(r.cache.damaged).reduce((a, b) => a + b, 0);
        expect(damaged, `${what}: not noticed`).toBeGreaterThan(0);
        expect(
          r.warnings.filter((w) => w.startsWith("build cache:")),
          what,
        ).toHaveLength(1);
      }
    });
});
