// The persistent build cache and the worker pool: a rebuild after any kind of edit shows the edit, redoes only
// the routes that depend on it, and writes exactly the bytes a cold build (empty cache) writes.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdir, readFile, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import sharp from "sharp";
import { join } from "node:path";
import { existsSync } from "node:fs";
import { fixtureSite, removeSite, buildSite, applyChanges, editJson } from "../support/site.ts";
import type { BuildResult } from "../../cli/pipeline/build.ts";
import { DocsiteError } from "../../cli/log.ts";
import { expectSameTrees, tree } from "../support/rich-site.ts";

describe("incremental builds", () => {
  let root: string;
  const dist = () => join(root, "dist");
  const read = (p: string) => readFile(join(dist(), p), "utf8");
  /** A warm build, then a cold build of the same sources into dist-cold: both must be byte-identical. */
  async function rebuild(afterWarm?: () => Promise<void>): Promise<BuildResult> {
    const warm = await buildSite(root);
    await afterWarm?.();
    await rm(join(root, ".docsite", "cache"), { recursive: true, force: true });
    const cold = await buildSite(root, { outDir: join(root, "dist-cold") });
    expect(cold.renderStats.cached).toBe(0);
    await expectSameTrees(dist(), join(root, "dist-cold"));
    // The cold build refilled the cache; the next warm build starts from there, as after any build.
    return warm;
  }

  beforeAll(async () => {
    root = await fixtureSite();
    await buildSite(root);
  });
  afterAll(() => removeSite(root));

  it("renders, compiles and indexes nothing again when nothing changed", async () => {
    const contentIndex = join(root, ".docsite", "cache", "content-index.json");
    const before = (await stat(contentIndex)).mtimeMs;
    const r = await buildSite(root);
    // Nor does it write the content index again.
    expect((await stat(contentIndex)).mtimeMs).toBe(before);
    expect(r.compileStats.compiled).toBe(0);
    expect(r.renderStats.rendered).toBe(0);
    expect(r.renderStats.cached).toBe(r.pages);
  });

  it("reads no cached page when nothing changed, and checks the one it must write again", async () => {
    const before = await tree(dist());
    // Every cached page's HTML replaced by as many x's: a build that read them would find them damaged and render.
    const entries = join(root, ".docsite", "cache", "render");
    const packs = (await readdir(entries)).filter((n) => /^[0-9a-f]{16}$/.test(n));
    expect(packs.length).toBeGreaterThan(0);
    const saved = new Map(await Promise.all(packs.map(async (n) => [n, await readFile(join(entries, n))] as const)));
    await Promise.all([...saved].map(([n, bytes]) => writeFile(join(entries, n), "x".repeat(bytes.length))));
    try {
      const r = await buildSite(root);
      expect(r.renderStats.rendered).toBe(0);
      expect(r.cache.damaged).toEqual({});
      const after = await tree(dist());
      for (const [f, bytes] of before) expect(after.get(f)?.equals(bytes), f).toBe(true);
      // A page changed by hand in dist/ is written again: its cache entry is read, found damaged, and rendered.
      await writeFile(join(dist(), "docs/v1/guide/second/index.html"), "edited by hand");
      const again = await buildSite(root);
      expect(again.renderStats.rendered).toBe(1);
      expect(again.cache.damaged).toEqual({ render: 1 });
      expect(again.warnings.join("\n")).toMatch(/1 damaged entry not used \(render 1\)/);
      expect(await readFile(join(dist(), "docs/v1/guide/second/index.html"))).toEqual(
        before.get("docs/v1/guide/second/index.html"),
      );
    } finally {
      await Promise.all([...saved].map(([n, bytes]) => writeFile(join(entries, n), bytes)));
      await buildSite(root);
    }
  });

  it("reads no search index bundle when nothing changed, and checks the one it must write again", async () => {
    const before = await tree(dist());
    // Every bundle's files replaced by as many x's (its description left as it is): a build that read them would
    // find them damaged and index again.
    const entries = join(root, ".docsite", "cache", "search");
    const bulks = (await readdir(entries)).filter((n) => /^[0-9a-f]{16}\.bin$/.test(n));
    expect(bulks.length).toBeGreaterThan(0);
    const saved = new Map(await Promise.all(bulks.map(async (n) => [n, await readFile(join(entries, n))] as const)));
    await Promise.all([...saved].map(([n, bytes]) => writeFile(join(entries, n), "x".repeat(bytes.length))));
    try {
      const r = await buildSite(root);
      expect(r.cache.damaged).toEqual({});
      const after = await tree(dist());
      for (const [f, bytes] of before) expect(after.get(f)?.equals(bytes), f).toBe(true);
      // A search file changed by hand in dist/ (its size and mtime put back) is written again: its bundle is read,
      // found damaged, and made again.
      const shard = [...before.keys()].find((f) => /^search-index\/.+\.json$/.test(f) && !f.endsWith("config.json"));
      expect(shard).toBeDefined();
      const file = join(dist(), shard!);
      const { size, atime, mtime } = await stat(file);
      await writeFile(file, "x".repeat(size));
      await utimes(file, atime, mtime);
      const again = await buildSite(root);
      expect(again.cache.damaged).toEqual({ search: 1 });
      expect(await readFile(file)).toEqual(before.get(shard!));
    } finally {
      await Promise.all([...saved].map(([n, bytes]) => writeFile(join(entries, n), bytes)));
      await buildSite(root);
    }
  });

  it("renders again a page whose cache entry no index names (a build killed while writing it)", async () => {
    const before = await tree(dist());
    const entries = join(root, ".docsite", "cache", "render");
    const packs = (await readdir(entries)).filter((n) => /^[0-9a-f]{16}$/.test(n));
    await Promise.all(packs.map((n) => writeFile(join(entries, n), "<p>half writ")));
    await rm(join(root, ".docsite", "cache", "render-index.json"));
    const r = await buildSite(root);
    expect(r.renderStats.rendered).toBe(r.pages);
    const after = await tree(dist());
    for (const [f, bytes] of before) expect(after.get(f)?.equals(bytes), f).toBe(true);
  });

  it("renders again the pages whose pack was cut short", async () => {
    const entries = join(root, ".docsite", "cache", "render");
    const packs = (await readdir(entries)).filter((n) => /^[0-9a-f]{16}$/.test(n));
    const { truncate } = await import("node:fs/promises");
    await Promise.all(packs.map((n) => truncate(join(entries, n), 100)));
    const r = await buildSite(root);
    expect(r.renderStats.rendered).toBe(r.pages);
  });

  it("reads no page's compiled code unless the page renders, and compiles again a page whose code file is gone", async () => {
    const before = await tree(dist());
    const entries = join(root, ".docsite", "cache", "mdx");
    const names = (await readdir(entries)).filter((n) => n.endsWith(".js"));
    expect(names.length).toBeGreaterThan(5);
    const saved = new Map(await Promise.all(names.map(async (n) => [n, await readFile(join(entries, n))] as const)));
    // The code files' bytes replaced, their sizes kept: a build that read one would find it damaged and compile.
    await Promise.all([...saved].map(([n, bytes]) => writeFile(join(entries, n), "x".repeat(bytes.length))));
    try {
      const r = await buildSite(root);
      expect(r.compileStats.compiled).toBe(0);
      expect(r.cache.damaged).toEqual({});
      const after = await tree(dist());
      for (const [f, bytes] of before) expect(after.get(f)?.equals(bytes), f).toBe(true);
    } finally {
      await Promise.all([...saved].map(([n, bytes]) => writeFile(join(entries, n), bytes)));
    }
    await rm(join(entries, names[0]));
    const r = await buildSite(root);
    expect(r.compileStats.compiled).toBe(1);
    expect(await readdir(entries)).toContain(names[0]);
  });

  it("lets two builds share the cache at once: neither removes the packs the other still reads", async () => {
    const cold = () => rm(join(root, ".docsite", "cache"), { recursive: true, force: true });
    await cold();
    await buildSite(root, { outDir: join(root, "dist-ref") });
    const before = await tree(join(root, "dist-ref"));
    await cold();
    const [a, b] = await Promise.all([
      buildSite(root, { outDir: join(root, "dist-a") }),
      buildSite(root, { outDir: join(root, "dist-b") }),
    ]);
    expect(a.renderStats.rendered + b.renderStats.rendered).toBeGreaterThan(0);
    for (const out of ["dist-a", "dist-b"]) {
      const got = await tree(join(root, out));
      for (const [f, bytes] of before) expect(got.get(f)?.equals(bytes), `${out}/${f}`).toBe(true);
    }
  });

  it("removes another build's packs only once they are old (it may still be writing or reading them)", async () => {
    const { utimes } = await import("node:fs/promises");
    const { PACK_GRACE_MS } = await import("../../cli/cache/packs.ts");
    const cache = join(root, ".docsite", "cache");
    for (const ns of ["render", "content", "search-page"]) {
      await mkdir(join(cache, ns), { recursive: true });
      await writeFile(join(cache, ns, "00000000000000f1"), "another build's, just written");
      await writeFile(join(cache, ns, "00000000000000f2"), "an old build's");
      const old = new Date(Date.now() - PACK_GRACE_MS - 60_000);
      await utimes(join(cache, ns, "00000000000000f2"), old, old);
    }
    await buildSite(root);
    for (const ns of ["render", "content", "search-page"]) {
      const names = await readdir(join(cache, ns));
      expect(names, ns).toContain("00000000000000f1");
      expect(names, ns).not.toContain("00000000000000f2");
    }
  });

  it("keeps only the compile cache entries of the pages as they are now", async () => {
    const file = "content/en/docs/v1/guide/first.mdx";
    const text = await readFile(join(root, file), "utf8");
    const entries = join(root, ".docsite", "cache", "mdx");
    const before = await readdir(entries);
    try {
      await writeFile(join(root, file), `${text}\n\nA paragraph for the prune.\n`);
      const r = await buildSite(root);
      expect(r.compileStats.compiled).toBeGreaterThan(0);
      const after = await readdir(entries);
      const pages = r.compileStats.compiled + r.compileStats.cached;
      expect(after.filter((n) => n.endsWith(".json"))).toHaveLength(pages);
      expect(after.filter((n) => n.endsWith(".js"))).toHaveLength(pages);
      // The edited page's old entry is gone, its new one is there.
      expect(after.filter((n) => !before.includes(n)).length).toBeGreaterThan(0);
      expect(before.filter((n) => !after.includes(n)).length).toBe(after.filter((n) => !before.includes(n)).length);
    } finally {
      await writeFile(join(root, file), text);
      await buildSite(root);
    }
  });

  it("redoes only the edited page when its body changes (and the locale that shows it untranslated)", async () => {
    const file = "content/en/docs/v1/guide/second.mdx";
    const text = await readFile(join(root, file), "utf8");
    await applyChanges(root, { [file]: text.replace("Back to", "Return to") });
    const ino = async (p: string) => (await stat(join(dist(), p))).ino;
    const [unchanged, edited] = [
      await ino("docs/v1/guide/first/index.html"),
      await ino("docs/v1/guide/second/index.html"),
    ];
    // The page analyses' index: analysis key → where it is (pipeline/cached-steps.ts).
    const searchEntries = async () =>
      (await import("../../cli/cache/cache.ts")).BuildCache.forSite(root).readIndex<{ pack: string }>(
        "search-page-index.json",
      );
    const before = await searchEntries();
    const r = await rebuild(async () => {
      // dist/ was updated in place: the unchanged page was not written again, the edited one was.
      expect(await ino("docs/v1/guide/first/index.html")).toBe(unchanged);
      expect(await ino("docs/v1/guide/second/index.html")).not.toBe(edited);
      // Only the edited page was analysed again for search (in the English bundle and the Russian one).
      const after = await searchEntries();
      const redone = [...after].filter(([k]) => !before.has(k));
      expect(redone).toHaveLength(2);
      // The others are where they were; the two new ones were appended to this build's pack.
      expect([...after].filter(([k, at]) => before.get(k)?.pack === at.pack)).toHaveLength(after.size - 2);
      expect(new Set(redone.map(([, at]) => at.pack)).size).toBe(1);
    });
    expect(r.compileStats.compiled).toBe(2); // the English page, and the same source shown on /ru/
    expect(r.renderStats.rendered).toBe(2); // /docs/v1/guide/second/ and /ru/docs/v1/guide/second/
    expect(await read("docs/v1/guide/second/index.html")).toContain("Return to");
  });

  it("redoes the pages that show a title when the title changes", async () => {
    const file = "content/en/docs/v1/guide/second.mdx";
    const text = await readFile(join(root, file), "utf8");
    await applyChanges(root, { [file]: text.replace("title: Second guide", "title: Second guide, renamed") });
    const r = await rebuild();
    expect(r.renderStats.rendered).toBeGreaterThan(2);
    expect(r.renderStats.rendered).toBeLessThan(r.pages);
    expect(await read("docs/v1/guide/first/index.html")).toContain("Second guide, renamed");
  });

  it("draws no content again for the pages that only show a new title: their code is not even read", async () => {
    const file = "content/en/docs/v1/guide/second.mdx";
    const text = await readFile(join(root, file), "utf8");
    const entries = join(root, ".docsite", "cache", "mdx");
    const names = (await readdir(entries)).filter((n) => n.endsWith(".js"));
    const saved = new Map(await Promise.all(names.map(async (n) => [n, await readFile(join(entries, n))] as const)));
    const restore = async () => {
      await Promise.all([...saved].map(([n, bytes]) => writeFile(join(entries, n), bytes)));
    };
    // The code files' bytes replaced, their sizes kept: a page whose content were drawn again would read one, find it
    // damaged and compile again.
    await Promise.all([...saved].map(([n, bytes]) => writeFile(join(entries, n), "x".repeat(bytes.length))));
    try {
      await applyChanges(root, { [file]: text.replace(/^title: .*$/m, "title: Guide two") });
      const r = await rebuild(restore);
      expect(r.cache.damaged).toEqual({});
      expect(r.compileStats.compiled).toBe(0); // a page's compile entry is keyed by its body, not its front matter
      expect(r.renderStats.rendered).toBeGreaterThan(2);
      expect(await read("docs/v1/guide/first/index.html")).toContain("Guide two");
    } finally {
      await restore();
    }
  });

  it("draws again the content that shows the sidebar when a title in it changes", async () => {
    const file = "content/en/docs/v1/guide/second.mdx";
    const text = await readFile(join(root, file), "utf8");
    const page = "content/en/docs/v1/guide/names.mdx";
    const names = [
      "---",
      "title: Sidebar names",
      "---",
      'import { useDocsSidebar } from "@docusaurus/plugin-content-docs/client";',
      "",
      "export const labels = (items) => items.flatMap((i) => [i.label, ...labels(i.items ?? [])]);",
      'export const Names = () => <p>Pages: {labels(useDocsSidebar().items).join(" / ")}</p>;',
      "",
      "<Names />",
      "",
    ].join("\n");
    const shown = async () => (await read("docs/v1/guide/names/index.html")).replaceAll("<!-- -->", "");
    try {
      await applyChanges(root, { [page]: names });
      await buildSite(root);
      expect(await shown()).toMatch(/Pages: [^<]*Sidebar names/);
      await applyChanges(root, { [file]: text.replace(/^title: .*$/m, "title: Guide number two") });
      await rebuild();
      expect(await shown()).toMatch(/Pages: [^<]*Guide number two/);
    } finally {
      await applyChanges(root, { [page]: null });
      await buildSite(root);
    }
  });

  it("re-renders only the pages that show an image when the image changes", async () => {
    const page = "content/en/docs/v1/guide/second.mdx";
    const png = (colour: string) =>
      sharp({ create: { width: 320, height: 200, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const text = await readFile(join(root, page), "utf8");
    await applyChanges(root, { [page]: `${text}\n![A square](./square.png)\n` });
    await writeFile(join(root, "content/en/docs/v1/guide/square.png"), await png("#c00"));
    await rebuild();
    const src = (html: string) => /<img src="([^"]*square[^"]*)"/.exec(html)?.[1];
    const before = src(await read("docs/v1/guide/second/index.html"));
    expect(before).toMatch(/square-320\.[0-9a-f]{10}\.png$/);

    await writeFile(join(root, "content/en/docs/v1/guide/square.png"), await png("#00c"));
    const r = await rebuild();
    expect(r.imageStats.encoded).toBe(1);
    expect(r.compileStats.compiled).toBe(0);
    expect(r.renderStats.rendered).toBe(2); // /docs/v1/guide/second/ and /ru/docs/v1/guide/second/ (untranslated)
    const after = src(await read("docs/v1/guide/second/index.html"));
    expect(after).toMatch(/square-320\.[0-9a-f]{10}\.png$/);
    expect(after).not.toBe(before);
  });

  it("compiles a custom page again when it or a module it imports changes, and not otherwise", async () => {
    const page = "content/pages/index.tsx";
    const tsx = await readFile(join(root, page), "utf8");
    // The compiled page's entry (one per page file), as it is on disk.
    const compiledPage = async () => {
      const dir = join(root, ".docsite", "cache", "pages");
      const [name] = await readdir(dir);
      const st = await stat(join(dir, name));
      return `${name} ${st.ino} ${st.mtimeMs}`;
    };
    try {
      await applyChanges(root, {
        "src/tagline.ts": 'export const tagline = "First tagline";\n',
        [page]: `import { tagline } from "../../src/tagline.ts";\n${tsx.replace("</h1>", "</h1>\n      <p>{tagline}</p>")}`,
      });
      await buildSite(root);
      expect(await read("index.html")).toContain("First tagline");
      const before = await compiledPage();
      await buildSite(root);
      expect(await compiledPage()).toBe(before);
      await applyChanges(root, { "src/tagline.ts": 'export const tagline = "Second tagline";\n' });
      await buildSite(root);
      expect(await read("index.html")).toContain("Second tagline");
      expect(await compiledPage()).not.toBe(before);
    } finally {
      await rm(join(root, "src"), { recursive: true, force: true });
      await writeFile(join(root, page), tsx);
      await buildSite(root);
    }
  });

  it("shows edits of the config, interface strings, sidebars and custom pages", async () => {
    await editJson(root, "site.config.json", (c) => {
      c.title = "Fixture Renamed";
    });
    await rebuild();
    expect(await read("blog/index.html")).toContain("Fixture Renamed");

    await editJson(root, "i18n/en.json", (m) => {
      m["theme.NotFound.title"] = "Nothing here at all";
    });
    await rebuild();
    expect(await read("404.html")).toContain("Nothing here at all");

    // A string that a page's content shows (its warning's title): the content is drawn again.
    await editJson(root, "i18n/en.json", (m) => {
      m["theme.admonition.warning"] = "Mind this";
    });
    await rebuild();
    expect(await read("docs/v1/guide/first/index.html")).toContain("Mind this");

    await editJson(root, "content/sidebars.json", (s) => {
      s.main.reverse();
    });
    const before = await read("docs/v1/index.html");
    await rebuild();
    expect(await read("docs/v1/index.html")).not.toBe(before);

    const page = "content/pages/index.tsx";
    const tsx = await readFile(join(root, page), "utf8");
    await applyChanges(root, { [page]: tsx.replace("</h1>", "</h1>\n      <p>Edited landing</p>") });
    await rebuild();
    expect(await read("index.html")).toContain("Edited landing");
  });
});

describe("worker pool", () => {
  let root: string;
  const pages = (broken: number[]) => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) {
      const body = broken.includes(i) ? "Text\n\n<div>unclosed\n" : `Text of page ${i}.\n`;
      const md = `---\ntitle: Page ${i}\n---\n\n## Section {#section}\n\n${body}`;
      files[`content/en/docs/v1/guide/p${i}.mdx`] = md;
      files[`content/ru/docs/v1/guide/p${i}.mdx`] = md;
    }
    return files;
  };
  beforeAll(async () => {
    root = await fixtureSite("basic", pages([]));
  });
  afterAll(() => removeSite(root));

  /** Runs `fn` with DOCSITE_WORKERS set: the default depends on the machine's cores (pipeline/pool.ts). */
  const withWorkers = async <T>(n: number, fn: () => Promise<T>): Promise<T> => {
    process.env.DOCSITE_WORKERS = String(n);
    try {
      return await fn();
    } finally {
      delete process.env.DOCSITE_WORKERS;
    }
  };

  it("writes the same bytes with worker threads as in one thread", async () => {
    const pooled = await withWorkers(2, () => buildSite(root));
    expect(pooled.renderStats.rendered).toBeGreaterThanOrEqual(80);
    await rm(join(root, ".docsite"), { recursive: true, force: true });
    await withWorkers(0, () => buildSite(root, { outDir: join(root, "dist-inline") }));
    await expectSameTrees(join(root, "dist"), join(root, "dist-inline"));
  });

  it("reports every page's error with its file and line", async () => {
    await applyChanges(root, pages([3, 17]));
    await rm(join(root, ".docsite"), { recursive: true, force: true });
    // On worker threads: their errors cross a thread boundary as data (pipeline/task-errors.ts).
    const err = await withWorkers(2, () => buildSite(root)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocsiteError);
    const msg = (err as DocsiteError).message;
    for (const f of ["en/docs/v1/guide/p3.mdx:", "en/docs/v1/guide/p17.mdx:", "ru/docs/v1/guide/p3.mdx:"])
      expect(msg).toContain(`content/${f}`);
  });

  it("fails only the routes that fail to render, each named, when routes go to the threads in batches", async () => {
    const throws = '{(() => { throw new Error("thrown while drawing the page"); })()}';
    await applyChanges(root, {
      ...pages([]),
      "content/en/docs/v1/guide/p5.mdx": `---\ntitle: Page 5\n---\n\nBefore.\n\n${throws}\n`,
    });
    await rm(join(root, ".docsite"), { recursive: true, force: true });
    const err = await withWorkers(2, () => buildSite(root)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocsiteError);
    // The one failing route, named by its file and the line of the expression (the error crossed a thread as data).
    expect((err as DocsiteError).where).toEqual({ file: "content/en/docs/v1/guide/p5.mdx", line: 7 });
    expect((err as DocsiteError).message).toContain("thrown while drawing the page");
    await rm(join(root, ".docsite"), { recursive: true, force: true });
    const out = join(root, "dist-skip");
    const built = await withWorkers(2, () => buildSite(root, { skipFailingPages: true, outDir: out }));
    expect(built.warnings.filter((w) => w.includes("p5.mdx"))).toHaveLength(1);
    expect(existsSync(join(out, "docs/v1/guide/p5/index.html"))).toBe(false);
    for (const p of ["docs/v1/guide/p4/index.html", "docs/v1/guide/p6/index.html", "ru/docs/v1/guide/p5/index.html"])
      expect(existsSync(join(out, p))).toBe(true);
  });
});

describe("pack store", () => {
  it("reads back what was appended, and never another entry's bytes once a pack or its folder was removed", async () => {
    const { BuildCache } = await import("../../cli/cache/cache.ts");
    const { appendToPack, PackReader, readPacked } = await import("../../cli/cache/packs.ts");
    const { mkdtemp } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const site = await mkdtemp(join(tmpdir(), "docsite-packs-"));
    const dir = join(site, ".docsite");
    try {
      const cache = BuildCache.forSite(site);
      const a1 = appendToPack(cache, "render", "00000000000000a1", "first")!;
      const a2 = appendToPack(cache, "render", "00000000000000a1", "second, longer")!;
      expect([a1.start, a2.start]).toEqual([0, 5]);
      const reader = new PackReader(cache, "render", "render-index.json");
      expect([reader.read(a1), reader.read(a2), readPacked(cache, "render", a2)?.toString()]).toEqual([
        "first",
        "second, longer",
        "second, longer",
      ]);
      expect(reader.has(a2)).toBe(true);
      expect(reader.has({ ...a2, length: a2.length + 1 })).toBe(false);
      reader.finish(new Map([["k", a1]]));
      // The pack removed while it is appended to: later entries are not found, rather than found at a wrong offset.
      await rm(join(dir, "cache", "render", a1.pack));
      const a3 = appendToPack(cache, "render", "00000000000000a1", "third");
      const a4 = appendToPack(cache, "render", "00000000000000a1", "fourth, the longest of all");
      for (const ref of [a1, a3!, a4!]) expect(readPacked(cache, "render", ref)).toBeUndefined();
      // The whole cache folder removed (a worker thread outlives a build): the next stage's pack is made anew.
      await rm(join(dir, "cache"), { recursive: true, force: true });
      const next = BuildCache.forSite(site);
      const b1 = appendToPack(next, "render", "00000000000000b1", "next stage")!;
      expect(readPacked(next, "render", b1)?.toString()).toBe("next stage");
      // Bytes changed in place (same length) read as no entry, and are counted.
      await writeFile(join(dir, "cache", "render", b1.pack), "NEXT STAGE");
      expect(readPacked(next, "render", b1)).toBeUndefined();
      expect(next.report().damaged).toEqual({ render: 1 });
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });
});

describe("cache prune", () => {
  it("removes unused entries at once, and unused packs only once no build can still be using them", async () => {
    const { BuildCache } = await import("../../cli/cache/cache.ts");
    const { PACK_GRACE_MS } = await import("../../cli/cache/packs.ts");
    const { mkdtemp, utimes } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const site = await mkdtemp(join(tmpdir(), "docsite-prune-"));
    const dir = join(site, ".docsite", "cache");
    try {
      const cache = BuildCache.forSite(site);
      const old = new Date(Date.now() - PACK_GRACE_MS - 60_000);
      for (const ns of ["mdx", "render"]) {
        await mkdir(join(dir, ns), { recursive: true });
        for (const name of ["00000000000000a1", "00000000000000a2", "00000000000000a3"])
          await writeFile(join(dir, ns, name), "x");
        // a2 and a3 last written long ago; a1 just now (in a pack: another build may be writing or reading it).
        for (const name of ["00000000000000a2", "00000000000000a3"]) await utimes(join(dir, ns, name), old, old);
        cache.keep(ns, ["00000000000000a3"]);
      }
      await cache.prune("mdx");
      await cache.prune("render", PACK_GRACE_MS);
      expect((await readdir(join(dir, "mdx"))).sort()).toEqual(["00000000000000a3"]);
      expect((await readdir(join(dir, "render"))).sort()).toEqual(["00000000000000a1", "00000000000000a3"]);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });
});

describe("content cache", () => {
  it("holds content only while the strings, layout and sidebar it read are unchanged, and never cut short", async () => {
    const { BuildCache } = await import("../../cli/cache/cache.ts");
    const { ContentStore, storeContent, CONTENT_STORE } = await import("../../cli/pipeline/content-cache.ts");
    type Job = Parameters<typeof storeContent>[3];
    const { mkdtemp, truncate } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const dir = await mkdtemp(join(tmpdir(), "docsite-content-"));
    try {
      const cache = BuildCache.forSite(dir);
      const ref = { key: "0123456789abcdef", layout: "L1", sidebar: "S1" };
      const job = (messages: Record<string, string>, fallback: Record<string, string> = {}) =>
        ({ locale: "ru", messages, fallback: { locale: "en", messages: fallback } }) as unknown as Job;
      const ru = job({ "theme.note": "Заметка", "theme.other": "Другое" }, { "theme.tip": "Tip" });
      let stage = 0;
      /** Stores content drawn with these reads in a stage of its own, and opens the store as the next stage would. */
      const store = (layout: boolean, sidebar: boolean, strings: string[] = []) => {
        const drawn = {
          html: `<p>Раздел ${layout} ${sidebar}</p>`,
          reads: { layout, sidebar, strings: new Set(strings) },
        };
        // Another page first: the entry does not start the pack.
        const other = { ...ref, key: "fedcba9876543210" };
        const first = storeContent(cache, `stage-${++stage}`, other, ru, { ...drawn, html: "<p>другое</p>" });
        const stored = storeContent(cache, `stage-${stage}`, ref, ru, drawn);
        new ContentStore(cache).finish(
          new Map([
            [ref.key, stored!],
            [other.key, first!],
          ]),
        );
        return new ContentStore(cache);
      };
      // Read nothing around it: any layout, sidebar and strings will do.
      let s = store(false, false);
      expect(s.html({ ...ref, layout: "L2", sidebar: "S2" }, job({}))).toBe("<p>Раздел false false</p>");
      expect(s.html({ ...ref, key: "fedcba9876543210" }, ru)).toBe("<p>другое</p>");
      // Read the layout: holds for the same layout only, whatever the sidebar.
      s = store(true, false);
      expect(s.html({ ...ref, sidebar: "S2" }, ru)).toBe("<p>Раздел true false</p>");
      expect(s.html({ ...ref, layout: "L2" }, ru)).toBeUndefined();
      // Read the sidebar: holds for the same sidebar only, whatever the layout.
      s = store(false, true);
      expect(s.html({ ...ref, layout: "L2" }, ru)).toBe("<p>Раздел false true</p>");
      expect(s.html({ ...ref, sidebar: "S2" }, ru)).toBeUndefined();
      expect(s.html({ ...ref, sidebar: undefined }, ru)).toBeUndefined();
      // Showed two strings (one from the default locale): holds while those two messages are the same.
      s = store(false, false, ["theme.note", "theme.tip"]);
      expect(s.html(ref, job({ "theme.note": "Заметка" }, { "theme.tip": "Tip" }))).toBe("<p>Раздел false false</p>");
      expect(s.html(ref, job({ "theme.note": "Примечание" }, { "theme.tip": "Tip" }))).toBeUndefined();
      expect(s.html(ref, job({ "theme.note": "Заметка" }, { "theme.tip": "Hint" }))).toBeUndefined();
      // The same text, now the locale's own rather than the default locale's: it formats by other rules.
      expect(s.html(ref, job({ "theme.note": "Заметка", "theme.tip": "Tip" }))).toBeUndefined();
      // A pack cut short (a build killed while writing it), or gone, is no content; nor is a key it lacks.
      const pack = s.index.get(ref.key)!.pack;
      await truncate(join(cache.folder(CONTENT_STORE), pack), s.index.get(ref.key)!.start + 3);
      expect(new ContentStore(cache).html(ref, ru)).toBeUndefined();
      await rm(join(cache.folder(CONTENT_STORE), pack));
      expect(new ContentStore(cache).html({ ...ref, key: "fedcba9876543210" }, ru)).toBeUndefined();
      expect(new ContentStore(cache).html({ ...ref, key: "00000000000000aa" }, ru)).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
