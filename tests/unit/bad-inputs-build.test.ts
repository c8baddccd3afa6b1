// Bad inputs and faults for `docsite build`: each case asserts the message, the exit code (the real CLI, run as a
// child process) and that nothing was lost (a hash of the site's sources before and after).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { lstat, mkdir, readdir, readFile, readlink, rm, stat, symlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fixtureSite, removeSite, buildSite, editJson, quietLogger } from "../support/site.ts";
import { STAMP, openOutput, cleanLeftovers } from "../../cli/pipeline/output.ts";
import { DocsiteError, formatError } from "../../cli/log.ts";
import { assertInsideOutput, escapeOf } from "../../cli/pipeline/confine.ts";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const BIN = join(repo, "bin", "docsite.js");

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function collect(child: ChildProcess): Promise<Run> {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d) => (stdout += d));
  child.stderr?.on("data", (d) => (stderr += d));
  return new Promise((res) => child.on("close", (code, signal) => res({ code, signal, stdout, stderr })));
}

const start = (args: string[]) =>
  spawn(process.execPath, [BIN, ...args], { cwd: repo, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
const cli = (...args: string[]) => collect(start(args));

/** Hash of every path under `dir` (names, file bytes, link targets), leaving out build output and the cache. */
async function treeHash(dir: string, skip = (name: string) => /^(dist|out)([./-]|$)|^\.docsite$/.test(name)) {
  const h = createHash("sha256");
  const walk = async (at: string, rel: string) => {
    for (const name of (await readdir(at)).sort()) {
      if (rel === "" && skip(name)) continue;
      const p = join(at, name);
      const st = await lstat(p);
      h.update(`${rel}${name}\0${st.mode}\0`);
      if (st.isSymbolicLink()) h.update(await readlink(p));
      else if (st.isDirectory()) await walk(p, `${rel}${name}/`);
      else h.update(await readFile(p));
    }
  };
  await walk(dir, "");
  return h.digest("hex");
}

const leftovers = (root: string) => readdirSync(root).filter((n) => /^dist\./.test(n));

/** A fixture copy, its source hash, and a check that the build run on it lost nothing. */
async function site(changes: Record<string, string | null> = {}) {
  const root = await fixtureSite("basic", changes);
  let before = await treeHash(root);
  return {
    root,
    /** Takes the current tree as the reference (after a test's own setup). */
    settle: async () => {
      before = await treeHash(root);
    },
    intact: async () => expect(await treeHash(root)).toBe(before),
    done: () => removeSite(root),
  };
}

/** Builds with the CLI and expects a failure with `code` whose output matches every pattern. */
async function expectFailure(
  changes: Record<string, string | null>,
  code: number,
  patterns: RegExp[],
  opts: { args?: string[]; edit?: (root: string) => Promise<void> } = {},
): Promise<Run> {
  const s = await site(changes);
  try {
    if (opts.edit) await opts.edit(s.root);
    const before = await treeHash(s.root);
    const r = await cli("build", "--root", s.root, ...(opts.args ?? []));
    expect(r.code, r.stderr).toBe(code);
    for (const p of patterns) expect(r.stderr).toMatch(p);
    expect(r.stderr).not.toMatch(/^\s+at /m); // no stack trace without --debug
    expect(await treeHash(s.root)).toBe(before);
    expect(leftovers(s.root)).toEqual([]);
    return r;
  } finally {
    await s.done();
  }
}

describe("output path safety", () => {
  let s: Awaited<ReturnType<typeof site>>;
  beforeAll(async () => {
    s = await site({ "notes/keep.txt": "mine\n" });
    await mkdir(join(s.root, "empty"));
    await symlink("content", join(s.root, "content-link"));
    await s.settle();
  });
  afterAll(() => s.done());

  const refused = async (out: string, why: RegExp) => {
    const r = await cli("build", "--root", s.root, "--out", out);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/refusing to write the site to /);
    expect(r.stderr).toMatch(why);
    expect(r.stderr.trim().split("\n")).toHaveLength(2); // the error and what to do
    await s.intact();
    expect(existsSync(join(s.root, "dist"))).toBe(false);
  };

  it("--out . (the site folder)", () => refused(".", /it is the site folder itself/));
  it("--out .. (an ancestor of the site)", () => refused("..", /it contains the site folder/));
  it("--out / (the file-system root)", () => refused("/", /it contains the site folder/));
  it("--out content", () => refused("content", /it is .*content, which docsite reads/));
  it("--out static", () => refused("static", /it is .*static, which docsite reads/));
  it("--out i18n", () => refused("i18n", /it is .*i18n, which docsite reads/));
  it("--out content/en/site (inside a source folder)", () => refused("content/en/site", /it is inside .*content/));
  it("--out site.config.json (a file the config is)", () => refused("site.config.json", /site\.config\.json/));
  it("--out a symlink to content", () => refused("content-link", /content, which docsite reads/));
  it("--out the repository's cli/ (docsite's own code)", () => refused(join(repo, "cli"), /cli, which docsite reads/));
  it("--out a folder with the user's files", async () => {
    await refused("notes", /a folder with files docsite did not write \(no \.docsite-output inside\)/);
    expect(await readFile(join(s.root, "notes", "keep.txt"), "utf8")).toBe("mine\n");
  });
  it("--out an existing file", async () => {
    await writeFile(join(s.root, "notes.txt"), "x");
    await s.settle();
    await refused("notes.txt", /it is a file, not a folder/);
    await rm(join(s.root, "notes.txt"));
    await s.settle();
  });

  it("an empty folder is accepted, and the output gets a stamp", async () => {
    const r = await cli("build", "--root", s.root, "--out", "empty");
    expect(r.code, r.stderr).toBe(0);
    expect(await readFile(join(s.root, "empty", STAMP), "utf8")).toContain("docsite build");
    expect(existsSync(join(s.root, "empty", "index.html"))).toBe(true);
    // A stamped folder is replaced on the next build.
    expect((await cli("build", "--root", s.root, "--out", "empty")).code).toBe(0);
    await rm(join(s.root, "empty"), { recursive: true });
    await mkdir(join(s.root, "empty"));
  });

  it("an output of a docsite older than the stamp is replaced", async () => {
    const root = (await site()).root;
    try {
      await buildSite(root);
      await rm(join(root, "dist", STAMP));
      const r = await cli("build", "--root", root);
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(join(root, "dist", STAMP))).toBe(true);
    } finally {
      await removeSite(root);
    }
  });
});

describe("atomic output: lock, leftovers, mounts", { timeout: 120_000 }, () => {
  it("a second build into the same output is refused while the first runs", async () => {
    const s = await site();
    try {
      await writeFile(
        join(s.root, "dist.lock"),
        JSON.stringify({ pid: process.pid, host: (await import("node:os")).hostname(), started: "now" }),
      );
      const r = await cli("build", "--root", s.root);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`another docsite build \\(pid ${process.pid}, started now\\) is writing`));
      expect(r.stderr).toMatch(/wait for it to finish, or pass another --out/);
      expect(existsSync(join(s.root, "dist"))).toBe(false);
      await rm(join(s.root, "dist.lock"));
      await s.intact();
    } finally {
      await s.done();
    }
  });

  it("a lock left by a dead process is taken over", async () => {
    const s = await site();
    try {
      const dead = spawnSync(process.execPath, ["-e", "0"]).pid!;
      await writeFile(
        join(s.root, "dist.lock"),
        JSON.stringify({ pid: dead, host: (await import("node:os")).hostname(), started: "then" }),
      );
      const r = await cli("build", "--root", s.root);
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(join(s.root, "dist.lock"))).toBe(false);
      expect(existsSync(join(s.root, "dist", "index.html"))).toBe(true);
      await s.intact();
    } finally {
      await s.done();
    }
  });

  it("two builds started together: both end cleanly, one dist/, no leftovers", async () => {
    const s = await site();
    try {
      const [a, b] = await Promise.all([cli("build", "--root", s.root), cli("build", "--root", s.root)]);
      const codes = [a.code, b.code].sort();
      expect(codes[0]).toBe(0);
      if (codes[1] !== 0) expect(`${a.stderr}${b.stderr}`).toMatch(/another docsite build \(pid \d+/);
      expect(leftovers(s.root)).toEqual([]);
      expect(existsSync(join(s.root, "dist", STAMP))).toBe(true);
      await s.intact();
    } finally {
      await s.done();
    }
  });

  it("folders left by a killed build are removed at the next start; others are kept", async () => {
    const s = await site();
    try {
      await buildSite(s.root);
      for (const n of ["dist.tmp-999999-1", "dist.old-999999-1"]) {
        await mkdir(join(s.root, n, "docs"), { recursive: true });
        await writeFile(join(s.root, n, STAMP), "x");
      }
      await mkdir(join(s.root, "dist.tmp-mine"));
      await writeFile(join(s.root, "dist.tmp-mine", "notes.txt"), "mine");
      const r = await cli("build", "--root", s.root);
      expect(r.code, r.stderr).toBe(0);
      expect(leftovers(s.root)).toEqual(["dist.tmp-mine"]); // not stamped: not docsite's to delete
      await s.intact();
    } finally {
      await s.done();
    }
  });

  it("a previous output moved aside by a killed swap goes back to dist/", async () => {
    const s = await site();
    try {
      await buildSite(s.root);
      const before = await treeHash(join(s.root, "dist"), () => false);
      await (await import("node:fs/promises")).rename(join(s.root, "dist"), join(s.root, "dist.old-999999-2"));
      cleanLeftovers(join(s.root, "dist"));
      expect(await treeHash(join(s.root, "dist"), () => false)).toBe(before);
      expect(leftovers(s.root)).toEqual([]);
    } finally {
      await s.done();
    }
  });

  it("an output whose rename fails (EBUSY, a mount) is written in place", async () => {
    const s = await site();
    try {
      await buildSite(s.root);
      await writeFile(join(s.root, "dist", "stale.html"), "old");
      const ino = (await stat(join(s.root, "dist"))).ino;
      const busy = Object.assign(new Error("EBUSY: resource busy"), { code: "EBUSY" });
      const out = await openOutput({
        root: s.root,
        outDir: join(s.root, "dist"),
        renameOld: () => Promise.reject(busy),
      });
      try {
        await out.write(new Map([["index.html", "new"]]));
      } finally {
        out.close();
      }
      expect((await stat(join(s.root, "dist"))).ino).toBe(ino);
      expect(await readFile(join(s.root, "dist", "index.html"), "utf8")).toBe("new");
      expect(existsSync(join(s.root, "dist", "stale.html"))).toBe(false);
      expect(existsSync(join(s.root, "dist", STAMP))).toBe(true);
      expect(leftovers(s.root)).toEqual([]);
    } finally {
      await s.done();
    }
  });

  it("an old output that cannot be removed: the new site is in place, one warning, removed next time", async () => {
    const s = await site();
    try {
      await buildSite(s.root);
      const warnings: string[] = [];
      const denied = Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
      const out = await openOutput({
        root: s.root,
        outDir: join(s.root, "dist"),
        warn: (m) => warnings.push(m),
        removeOld: () => Promise.reject(denied),
      });
      try {
        await out.write(new Map([["index.html", "new"]]));
      } finally {
        out.close();
      }
      expect(await readFile(join(s.root, "dist", "index.html"), "utf8")).toBe("new");
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^the new site is in .*dist, but the previous output could not be removed \(EACCES\): it is in .*dist\.old-\d+-\d+; the next build removes it/,
      );
      const [old] = leftovers(s.root);
      expect(old).toMatch(/^dist\.old-/);
      expect(existsSync(join(s.root, old, "docs"))).toBe(true); // the previous site, whole
      cleanLeftovers(join(s.root, "dist"));
      expect(leftovers(s.root)).toEqual([]);
      expect(await readFile(join(s.root, "dist", "index.html"), "utf8")).toBe("new");
    } finally {
      await s.done();
    }
  });

  const canMount = process.platform === "linux" && process.getuid?.() === 0;
  it.runIf(canMount)("an output folder that is a mount point (a container volume) is written into", async () => {
    const s = await site();
    const dist = join(s.root, "dist");
    await mkdir(dist);
    const mounted = spawnSync("mount", ["-t", "tmpfs", "docsite-test", dist]).status === 0;
    try {
      if (!mounted) return; // mount not permitted in this container: the EBUSY case above covers the logic
      await buildSite(s.root);
      await writeFile(join(dist, "old.html"), "old");
      await buildSite(s.root);
      expect(existsSync(join(dist, "index.html"))).toBe(true);
      expect(existsSync(join(dist, "old.html"))).toBe(false);
      expect(readFileSyncSafe("/proc/self/mountinfo")).toContain(dist);
      expect(leftovers(s.root)).toEqual([]);
    } finally {
      if (mounted) spawnSync("umount", [dist]);
      await s.done();
    }
  });
});

function readFileSyncSafe(p: string): string {
  try {
    return readFileSync(p, "utf8");
  } catch {
    return "";
  }
}

// Each case builds a site with 3000 static files and then runs the CLI: minutes on a loaded two-core machine.
describe("signals: no temporary folders left, dist/ intact", { timeout: 240_000 }, () => {
  /** A site whose write step takes a while (many static files), built once so dist/ exists. */
  async function bigSite() {
    const s = await site();
    const bulk = join(s.root, "static", "bulk");
    await mkdir(bulk, { recursive: true });
    await Promise.all(Array.from({ length: 3000 }, (_, i) => writeFile(join(bulk, `f${i}.txt`), "x".repeat(200))));
    await buildSite(s.root);
    return { ...s, dist: await treeHash(join(s.root, "dist"), () => false), src: await treeHash(s.root) };
  }

  async function waitFor(check: () => boolean, ms = 60_000): Promise<void> {
    const t0 = Date.now();
    while (!check()) {
      if (Date.now() - t0 > ms) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  const tmpExists = (root: string) => readdirSync(root).some((n) => n.startsWith("dist.tmp-"));

  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    it(`${signal} while dist/ is being written`, async () => {
      const s = await bigSite();
      try {
        const child = start(["build", "--root", s.root]);
        const done = collect(child);
        await waitFor(() => tmpExists(s.root));
        child.kill(signal);
        const r = await done;
        expect(r.code, r.stderr).toBe(code);
        expect(r.stderr).toMatch(/dist left as it was/);
        expect(leftovers(s.root)).toEqual([]);
        expect(await treeHash(join(s.root, "dist"), () => false)).toBe(s.dist);
        expect(await treeHash(s.root)).toBe(s.src);
      } finally {
        await s.done();
      }
    });
  }

  it("SIGINT while pages compile", async () => {
    const s = await bigSite();
    try {
      const child = start(["build", "--root", s.root]);
      const done = collect(child);
      await waitFor(() => existsSync(join(s.root, "dist.lock")));
      child.kill("SIGINT");
      const r = await done;
      expect(r.code).toBe(130);
      expect(leftovers(s.root)).toEqual([]);
      expect(await treeHash(join(s.root, "dist"), () => false)).toBe(s.dist);
    } finally {
      await s.done();
    }
  });

  it("SIGKILL while writing: dist/ intact, the leftovers go at the next start", async () => {
    const s = await bigSite();
    try {
      const child = start(["build", "--root", s.root]);
      const done = collect(child);
      await waitFor(() => tmpExists(s.root));
      child.kill("SIGKILL");
      expect((await done).signal).toBe("SIGKILL");
      expect(await treeHash(join(s.root, "dist"), () => false)).toBe(s.dist);
      const r = await cli("build", "--root", s.root);
      expect(r.code, r.stderr).toBe(0);
      expect(leftovers(s.root)).toEqual([]);
      expect(await treeHash(s.root)).toBe(s.src);
    } finally {
      await s.done();
    }
  });
});

describe("content walking", () => {
  it("a symbolic-link loop in content/ names the link (no hang)", async () => {
    await expectFailure(
      {},
      1,
      [/symbolic link loop: content\/en\/docs\/v1\/guide\/again points to content\/en\/docs\/v1/],
      {
        edit: (root) => symlink("..", join(root, "content/en/docs/v1/guide/again")),
      },
    );
  });

  it("a link to a folder outside content/ is followed once", async () => {
    const s = await site({
      "shared/extra.mdx": "---\ntitle: Extra\ndescription: Shared page.\n---\n\nShared.\n",
    });
    try {
      await symlink(join(s.root, "shared"), join(s.root, "content/en/docs/v1/shared"));
      const r = await buildSite(s.root);
      expect(r.table.routes.filter((x) => x.path.includes("/shared/extra/")).map((x) => x.path)).toEqual([
        "/docs/v1/shared/extra/",
        "/ru/docs/v1/shared/extra/",
      ]);
    } finally {
      await s.done();
    }
  });

  it("first.md beside first.mdx", () =>
    expectFailure({ "content/en/docs/v1/guide/first.md": "---\ntitle: Twin\n---\n\nTwin.\n" }, 1, [
      /content\/en\/docs\/v1\/guide\/first\.md and content\/en\/docs\/v1\/guide\/first\.mdx are the same page/,
      /keep one of the two files/,
    ]));

  it("two headings with the same {#id}", () =>
    expectFailure(
      {
        "content/en/docs/v1/guide/second.mdx":
          "---\ntitle: Second\ndescription: X.\n---\n\n## One {#same}\n\nText.\n\n## Two {#same}\n\nText.\n",
      },
      1,
      [/content\/en\/docs\/v1\/guide\/second\.mdx:10 heading id "same" is used twice on this page \(first on line 6\)/],
    ));

  it("a file name with a space: a warning, and one encoding in href, canonical and sitemap", async () => {
    const s = await site({
      "content/en/docs/v1/guide/my page.mdx": "---\ntitle: My page\ndescription: Spaced.\n---\n\nText.\n",
    });
    try {
      const logger = quietLogger();
      await buildSite(s.root, { logger });
      expect(logger.warnings.join("\n")).toMatch(/guide\/my page\.mdx: the file name contains a space/);
      const html = await readFile(join(s.root, "dist/docs/v1/guide/my page/index.html"), "utf8");
      expect(html).toContain('<link rel="canonical" href="https://fixture.example/docs/v1/guide/my%20page/">');
      const sitemap = await readFile(join(s.root, "dist/sitemap.xml"), "utf8");
      expect(sitemap).toContain("<loc>https://fixture.example/docs/v1/guide/my%20page/</loc>");
      expect(sitemap).not.toContain("my page");
      const first = await readFile(join(s.root, "dist/docs/v1/guide/first/index.html"), "utf8");
      expect(first).toContain('href="/docs/v1/guide/my%20page/"');
      expect(first).not.toContain('href="/docs/v1/guide/my page/"');
      await s.intact();
    } finally {
      await s.done();
    }
  });

  it("bytes that are not UTF-8 name the file, offset and line", () =>
    expectFailure({}, 1, [/content\/en\/docs\/v1\/guide\/first\.mdx:3 is not valid UTF-8: byte 0xcf at offset 30/], {
      edit: (root) =>
        writeFile(
          join(root, "content/en/docs/v1/guide/first.mdx"),
          Buffer.concat([
            Buffer.from("---\ntitle: First\ndescription: "),
            Buffer.from([0xcf, 0xf0]),
            Buffer.from("\n---\n\nX\n"),
          ]),
        ),
    }));
});

describe("strings, sidebars and config: syntax errors give line and column", () => {
  it("i18n/ru.json with a trailing comma", () =>
    expectFailure({ "i18n/ru.json": '{\n  "a": "b",\n}\n' }, 1, [
      /i18n\/ru\.json:3:1 is not valid JSON/,
      /trailing commas/,
    ]));

  it("content/sidebars.json with a missing comma", () =>
    expectFailure({ "content/sidebars.json": '{\n  "main": [\n    "index"\n    "guide/first"\n  ]\n}\n' }, 1, [
      /content\/sidebars\.json:4:5 is not valid JSON: Expected ',' or '\]'/,
    ]));

  it("site.config.json with an unquoted value", () =>
    expectFailure({}, 1, [/site\.config\.json:3:\d+ is not valid JSON/], {
      edit: async (root) => {
        const p = join(root, "site.config.json");
        await writeFile(p, (await readFile(p, "utf8")).replace('"title": "Fixture"', '"title": Fixture'));
      },
    }));

  it("an ICU message with an unclosed brace", () =>
    expectFailure({}, 1, [/i18n\/en\.json:\d+:\d+ interface string "theme\.TOC\.title" is not a valid ICU message/], {
      edit: (root) =>
        editJson(root, "i18n/en.json", (m) => {
          m["theme.TOC.title"] = "On this {page";
        }),
    }));

  it('onMissingTranslations "warn": a warning, and the default locale\'s string is used', async () => {
    const s = await site();
    try {
      // A key of the site's own (docsite's theme strings are defaults every locale has).
      await editJson(s.root, "i18n/ru.json", (m) => {
        delete m["footer.resources"];
      });
      const r = await cli("build", "--root", s.root);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/i18n\/ru\.json: missing translation "footer\.resources"/);
      const en = JSON.parse(await readFile(join(s.root, "i18n/en.json"), "utf8"))["footer.resources"];
      expect(await readFile(join(s.root, "dist/ru/docs/v1/guide/first/index.html"), "utf8")).toContain(en);
    } finally {
      await s.done();
    }
  });
});

describe("front matter, MDX, links and unexpected failures", () => {
  it("front matter that is not closed", () =>
    expectFailure({ "content/en/docs/v1/guide/first.mdx": "---\ntitle: First\n\nText\n" }, 1, [
      /content\/en\/docs\/v1\/guide\/first\.mdx:1 front matter is not closed/,
    ]));

  it("a front matter field of the wrong type", () =>
    expectFailure({ "content/en/docs/v1/guide/first.mdx": "---\ntitle: First\ndraft: maybe\n---\n\nText\n" }, 1, [
      /first\.mdx:3 front matter field "draft" must be a boolean/,
    ]));

  it("an MDX syntax error", () =>
    expectFailure({ "content/en/docs/v1/guide/first.mdx": "---\ntitle: First\ndescription: X.\n---\n\n<Tabs>\n" }, 1, [
      /first\.mdx:\d+(:\d+)? MDX syntax error/,
    ]));

  it("a broken internal link", () =>
    expectFailure(
      { "content/en/docs/v1/guide/first.mdx": "---\ntitle: F\ndescription: X.\n---\n\n[x](/nowhere/)\n" },
      1,
      [/1 broken link:/, /first\.mdx:6/],
    ));

  it("an invalid config value", () =>
    expectFailure({}, 1, [/site\.config\.json:\d+ invalid setting \/colorMode\/defaultMode: must be one of/], {
      edit: (root) =>
        editJson(root, "site.config.json", (c) => {
          c.colorMode.defaultMode = "sepia";
        }),
    }));

  it("a --root without site.config.json", async () => {
    const r = await cli("build", "--root", join(repo, "tests"));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no site\.config\.json found/);
    expect(r.stderr).toMatch(/pass --root/);
  });

  it("a page component that throws names its file", async () => {
    const r = await expectFailure(
      { "content/pages/boom.tsx": 'export default function Boom() { throw new Error("kaboom"); }\n' },
      1,
      [/content\/pages\/boom\.tsx rendering \/boom\/ failed: kaboom/],
    );
    expect(r.stderr).not.toContain("at Boom");
  });

  it("--debug adds the stack trace", async () => {
    const s = await site({
      "content/pages/boom.tsx": 'export default function Boom() { throw new Error("kaboom"); }\n',
    });
    try {
      const r = await cli("build", "--root", s.root, "--debug");
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/caused by Error: kaboom\n\s+at Boom/);
    } finally {
      await s.done();
    }
  });

  it("a system error exits 2 naming the path and what to do; --debug adds the stack", async () => {
    const s = await site();
    try {
      await rm(join(s.root, "static"), { recursive: true });
      await writeFile(join(s.root, "static"), "not a folder");
      await s.settle();
      const r = await cli("build", "--root", s.root);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(
        /^error \S+\/static ENOTDIR \(scandir\): not a directory\n {2}→ a file is where a folder/m,
      );
      expect(r.stderr).not.toMatch(/^\s+at /m);
      const d = await cli("build", "--root", s.root, "--debug");
      expect(d.code).toBe(2);
      expect(d.stderr).toMatch(/Error: ENOTDIR/);
      await s.intact();
      expect(leftovers(s.root)).toEqual([]);
    } finally {
      await s.done();
    }
  });

  it("an unexpected failure is one line and no stack; --debug adds it", () => {
    const text = formatError(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(text).toMatch(/^error unexpected failure: Cannot read properties/);
    expect(text).toMatch(/run again with --debug/);
    expect(text).not.toMatch(/\n\s+at /);
    expect(formatError(new TypeError("y"), { debug: true })).toMatch(/\n\s+at /);
    const sys = Object.assign(new Error("EACCES: permission denied, open '/x/y'"), {
      code: "EACCES",
      syscall: "open",
      path: "/x/y",
    });
    expect(formatError(sys)).toMatch(/^error \/x\/y EACCES \(open\): .*\n {2}→ check the permissions/);
    expect(new DocsiteError("x")).toBeInstanceOf(Error);
  });
});

// Issue #31, item 1: a slug, permalink or config value never makes `docsite build` write outside its output folder.
// Each path below climbs out of dist/ into the site folder (where the source hash would see it) or beyond.
describe("confinement: nothing is written outside the output folder", { timeout: 120_000 }, () => {
  const doc = (front: string) =>
    `---\ntitle: Second guide\ndescription: X.\n${front}\n---\n\n## Setup {#setup}\n\nText.\n`;
  const post = (front: string) =>
    `---\ntitle: Hello\ndescription: The first post.\ndate: 2024-05-20\n${front}\n---\n\nText.\n`;
  const slashless = (root: string) =>
    editJson(root, "site.config.json", (c) => {
      c.trailingSlash = false;
    });
  const withTagPages = (root: string) =>
    editJson(root, "site.config.json", (c) => {
      c.blog.tagPages = true;
    });

  it("a doc's relative slug that climbs out of the docs: an error at its line", async () => {
    for (const edit of [undefined, slashless])
      await expectFailure(
        { "content/en/docs/v1/guide/second.mdx": doc("slug: ../../../../escaped") },
        1,
        [
          /content\/en\/docs\/v1\/guide\/second\.mdx:4 front matter slug "\.\.\/\.\.\/\.\.\/\.\.\/escaped" leads outside the docs of version v1/,
        ],
        { edit },
      );
  });

  it("an absolute slug with a .. segment, and a blog post's slug", async () => {
    await expectFailure({ "content/en/docs/v1/guide/second.mdx": doc("slug: /../../../escaped") }, 1, [
      /second\.mdx:4 front matter slug "\/\.\.\/\.\.\/\.\.\/escaped" has a "\." or "\.\." segment/,
    ]);
    await expectFailure({ "content/en/blog/hello.mdx": post("slug: ../../escaped") }, 1, [
      /content\/en\/blog\/hello\.mdx:5 front matter slug "\.\.\/\.\.\/escaped" has a "\." or "\.\." segment/,
    ]);
    await expectFailure({ "content/en/docs/v1/guide/second.mdx": doc("slug: /%2e%2e/%2E%2E/escaped") }, 1, [
      /second\.mdx:4 front matter slug .* has a "\." or "\.\." segment/,
    ]);
  });

  it("a tag permalink with .. segments, in the front matter or in tags.yml, with either trailingSlash", async () => {
    for (const slash of [true, false]) {
      const edit = async (root: string) => {
        await withTagPages(root);
        if (!slash) await slashless(root);
      };
      await expectFailure(
        { "content/en/blog/hello.mdx": post("tags:\n  - label: Evil\n    permalink: ../../../escaped") },
        1,
        [/content\/en\/blog\/hello\.mdx:7 tag permalink "\.\.\/\.\.\/\.\.\/escaped" has a "\." or "\.\." segment/],
        { edit },
      );
      await expectFailure(
        {
          "content/en/blog/hello.mdx": post("tags: [evil]"),
          "content/en/blog/tags.yml": "evil:\n  label: Evil\n  permalink: /../../../escaped\n",
        },
        1,
        [/content\/en\/blog\/tags\.yml:3 tag "evil" has the permalink "\/\.\.\/\.\.\/\.\.\/escaped"/],
        { edit },
      );
    }
  });

  it("a generated-index slug in the sidebars or a _category_ file, and a front matter id of ..", async () => {
    await expectFailure(
      {
        "content/sidebars.json": JSON.stringify(
          {
            main: [
              "index",
              {
                type: "category",
                label: "sidebar.guides",
                link: { type: "generated-index", slug: "/../../../escaped" },
                items: ["guide/first"],
              },
            ],
          },
          null,
          2,
        ),
      },
      1,
      [/content\/sidebars\.json:9 category "sidebar\.guides": generated-index slug "\/\.\.\/\.\.\/\.\.\/escaped"/],
    );
    await expectFailure(
      {
        "content/en/docs/v1/guide/deep/page.mdx": "---\ntitle: Deep\ndescription: X.\n---\n\nText.\n",
        "content/en/docs/v1/guide/deep/_category_.json":
          '{\n  "label": "Guide",\n  "link": { "type": "generated-index", "slug": "../../../escaped" }\n}\n',
      },
      1,
      [/content\/en\/docs\/v1\/guide\/deep\/_category_\.json:3 category link slug "\.\.\/\.\.\/\.\.\/escaped"/],
    );
    await expectFailure({ "content/en/docs/v1/guide/second.mdx": doc("id: ..") }, 1, [
      /second\.mdx:4 front matter field "id" must not contain "\/" or be "\." or "\.\."/,
    ]);
  });

  it("a version name or path of '..', and a baseUrl with a .. segment", async () => {
    for (const [key, value, line] of [
      ["path", "..", /site\.config\.json:\d+ invalid setting \/docs\/versions\/0\/path/],
      ["name", "..", /site\.config\.json:\d+ invalid setting \/docs\/versions\/0\/name/],
    ] as const)
      await expectFailure({}, 1, [line], {
        edit: (root) =>
          editJson(root, "site.config.json", (c) => {
            c.docs.routeBasePath = "";
            c.docs.versions[0][key] = value;
          }),
      });
    await expectFailure({}, 1, [/site\.config\.json:7 baseUrl "\/a\/\.\.\/" has a "\." or "\.\." segment/], {
      edit: (root) =>
        editJson(root, "site.config.json", (c) => {
          c.baseUrl = "/a/../";
        }),
    });
  });

  it("a relative slug inside the version is resolved as Docusaurus resolves it", async () => {
    const s = await site({
      "content/en/docs/v1/guide/second.mdx": doc("slug: ../moved"),
      "content/en/docs/v1/index.mdx": "---\ntitle: Home\ndescription: X.\n---\n\n[moved](/docs/v1/moved/#setup)\n",
      "content/ru/docs/v1/index.mdx": "---\ntitle: Home\ndescription: X.\n---\n\n[moved](/docs/v1/moved/#setup)\n",
    });
    try {
      const r = await buildSite(s.root);
      expect(r.table.byPath.get("/docs/v1/moved/")?.origin).toBe("content/en/docs/v1/guide/second.mdx");
      expect(existsSync(join(s.root, "dist/docs/v1/moved/index.html"))).toBe(true);
      await s.intact();
    } finally {
      await s.done();
    }
  });

  it("a symbolic link in static/ is never written through", async () => {
    const s = await site();
    const outside = await mkdtempIn(join(s.root, ".."));
    try {
      await writeFile(join(outside, "victim.html"), "keep");
      // A link where a generated file goes: the generated file replaces the link; the target is untouched.
      await symlink(join(outside, "victim.html"), join(s.root, "static/404.html"));
      await s.settle();
      const ok = await cli("build", "--root", s.root);
      expect(ok.code, ok.stderr).toBe(0);
      expect(await readFile(join(outside, "victim.html"), "utf8")).toBe("keep");
      expect((await lstat(join(s.root, "dist/404.html"))).isFile()).toBe(true);
      // A link where a folder of pages goes: an error naming it, nothing written there.
      await symlink(outside, join(s.root, "static/docs"));
      await s.settle();
      const r = await cli("build", "--root", s.root);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/static\/docs is a symbolic link, and the site writes docs\/\S+ under it/);
      expect(readdirSync(outside)).toEqual(["victim.html"]);
      await s.intact();
      expect(leftovers(s.root)).toEqual([]);
    } finally {
      await rm(outside, { recursive: true, force: true });
      await s.done();
    }
  });

  it("the last guard refuses any output path that leaves the folder", () => {
    for (const bad of ["../x.html", "a/../../x", "/etc/x", "", "a//b", "./a", "a/\0"])
      expect(escapeOf(bad), bad).not.toBe(null);
    for (const good of ["index.html", "docs/v1/x/index.html", "a..b/c.html", ".well-known/x"])
      expect(escapeOf(good)).toBe(null);
    expect(() => assertInsideOutput(["ok.html", "../../x/index.html"], () => "content/x.mdx")).toThrow(
      /refusing to write "\.\.\/\.\.\/x\/index\.html" into the output: it has a "\.\." segment/,
    );
  });
});

async function mkdtempIn(dir: string): Promise<string> {
  const { mkdtemp } = await import("node:fs/promises");
  return mkdtemp(join(dir, ".outside-"));
}

// Issue #31, item 2: a page nested thousands of levels deep is refused in seconds with its own message (it took
// minutes, or ended in "Maximum call stack size exceeded" with a hint about JSX).
describe("deep nesting: a limit with its own message, in seconds", { timeout: 120_000 }, () => {
  const page = (body: string) => `---\ntitle: Deep\ndescription: X.\n---\n\n${body}`;
  const indented = (n: number) => Array.from({ length: n }, (_, i) => `${"  ".repeat(i)}- a\n`).join("");
  for (const [name, body, line] of [
    ["5,000 levels of quotes", `${"> ".repeat(5000)}x\n`, 6],
    ["5,000 levels of list markers on one line", `${"- ".repeat(5000)}x\n`, 6],
    ["a list indented 1,000 levels", indented(1000), 106],
  ] as const)
    it(name, async () => {
      const t0 = Date.now();
      const r = await expectFailure({ "content/en/docs/v1/guide/deep.mdx": page(body) }, 1, [
        new RegExp(
          `content/en/docs/v1/guide/deep\\.mdx:${line} lists and quotes are nested \\d+ levels deep here, more than docsite compiles \\(100\\)`,
        ),
        /flatten the structure/,
      ]);
      expect(r.stderr).not.toMatch(/Maximum call stack|JSX tag/);
      expect(Date.now() - t0).toBeLessThan(30_000);
    });

  it("5,000 levels of JSX elements: the same kind of message, not a stack overflow", async () => {
    const r = await expectFailure(
      { "content/en/docs/v1/guide/deep.mdx": page(`${"<div>".repeat(5000)}x${"</div>".repeat(5000)}\n`) },
      1,
      [/deep\.mdx:6 the page nests its elements too deeply to compile/, /at most 100 levels deep/],
    );
    expect(r.stderr).not.toMatch(/Maximum call stack|write `<`/);
  });

  it("100 levels still compile; fenced code is not measured", async () => {
    const s = await site({
      "content/en/docs/v1/guide/deep.mdx": page(`${"> ".repeat(100)}x\n\n\`\`\`text\n${" ".repeat(400)}- x\n\`\`\`\n`),
    });
    try {
      await buildSite(s.root);
      expect(existsSync(join(s.root, "dist/docs/v1/guide/deep/index.html"))).toBe(true);
    } finally {
      await s.done();
    }
  });
});

// Issue #31, item 3: an output that cannot be fully removed, and locks left by builds that are gone, never stop the
// builds that come after.
describe("recoverable output: undeletable leftovers and stale locks", { timeout: 180_000 }, () => {
  const root = process.getuid?.() === 0;
  /** Makes the files of `dir` undeletable: immutable for root (chattr), a read-only folder for others. */
  const pin = (dir: string, on: boolean) =>
    root
      ? spawnSync("chattr", [on ? "+i" : "-i", dir]).status === 0
      : (spawnSync("chmod", [on ? "555" : "755", dir]).status ?? 1) === 0;

  it("an old output that cannot be removed: a warning in every later build, and each build succeeds", async () => {
    const s = await site();
    const pinned: string[] = [];
    try {
      await buildSite(s.root);
      if (!pin(join(s.root, "dist/img"), true)) return; // no chattr/chmod here: nothing to simulate with
      pinned.push(join(s.root, "dist/img"));
      await rm(join(s.root, ".docsite/cache/output"), { recursive: true, force: true }); // a whole write, a swap
      const first = await cli("build", "--root", s.root);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).toMatch(/the previous output could not be removed/);
      const [old] = leftovers(s.root);
      pinned.push(join(s.root, old, "img"));
      for (let i = 0; i < 2; i++) {
        const later = await cli("build", "--root", s.root);
        expect(later.code, later.stderr).toBe(0);
        expect(later.stderr).toMatch(
          new RegExp(
            `a folder left by an earlier build could not be removed \\(\\w+\\): \\S*${old}; the build goes on`,
          ),
        );
        expect(existsSync(join(s.root, "dist/index.html"))).toBe(true);
      }
    } finally {
      for (const p of pinned) pin(p, false);
      await s.done();
    }
  });

  const lockOf = async (root: string, info: Record<string, unknown>, ageMs = 0) => {
    const file = join(root, "dist.lock");
    await writeFile(file, JSON.stringify(info));
    if (ageMs) {
      const t = new Date(Date.now() - ageMs);
      await (await import("node:fs/promises")).utimes(file, t, t);
    }
  };

  it("a lock left by a killed PID 1 of a container (pid 1 is now another process) is taken over", async () => {
    const { bootId, processStart } = await import("../../cli/pipeline/output-lock.ts");
    const since = processStart(1);
    if (since === undefined) return; // no /proc: nothing tells a reused pid apart here
    const s = await site();
    try {
      const { hostname } = await import("node:os");
      await lockOf(s.root, { pid: 1, host: hostname(), started: "then", boot: bootId(), since: since + 1000 });
      const r = await cli("build", "--root", s.root);
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(join(s.root, "dist.lock"))).toBe(false);
      // The same lock with pid 1's real start time is a running build.
      await lockOf(s.root, { pid: 1, host: hostname(), started: "now", boot: bootId(), since });
      const held = await cli("build", "--root", s.root);
      expect(held.code).toBe(1);
      expect(held.stderr).toMatch(/another docsite build \(pid 1, started now\) is writing/);
    } finally {
      await s.done();
    }
  });

  it("a lock of this host from before a restart (another boot id) is taken over", async () => {
    const s = await site();
    try {
      const { hostname } = await import("node:os");
      await lockOf(s.root, { pid: process.pid, host: hostname(), started: "before", boot: "another-boot" });
      const { bootId } = await import("../../cli/pipeline/output-lock.ts");
      const r = await cli("build", "--root", s.root);
      expect(r.code, r.stderr).toBe(bootId() ? 0 : 1);
    } finally {
      await s.done();
    }
  });

  it("a lock written on another host: held while it is touched, taken over once it is not", async () => {
    const s = await site();
    try {
      await lockOf(s.root, { pid: 4242, host: "elsewhere.example", started: "recently" }, 10_000);
      const held = await cli("build", "--root", s.root);
      expect(held.code).toBe(1);
      expect(held.stderr).toMatch(/another docsite build \(pid 4242 on elsewhere\.example, started recently\)/);
      expect(held.stderr).toMatch(/untouched for 2 minutes/);
      await lockOf(s.root, { pid: 4242, host: "elsewhere.example", started: "long ago" }, 10 * 60_000);
      const r = await cli("build", "--root", s.root);
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(join(s.root, "dist.lock"))).toBe(false);
    } finally {
      await s.done();
    }
  });

  it("a running build touches its lock, so builds elsewhere see it alive", async () => {
    const { acquireLock, HEARTBEAT_MS } = await import("../../cli/pipeline/output-lock.ts");
    const s = await site();
    try {
      const release = acquireLock(join(s.root, "dist"));
      const t = new Date(Date.now() - 60_000);
      await (await import("node:fs/promises")).utimes(join(s.root, "dist.lock"), t, t);
      await new Promise((r) => setTimeout(r, HEARTBEAT_MS + 500));
      expect(Date.now() - (await stat(join(s.root, "dist.lock"))).mtimeMs).toBeLessThan(HEARTBEAT_MS + 1000);
      const info = JSON.parse(await readFile(join(s.root, "dist.lock"), "utf8"));
      expect(info).toMatchObject({ pid: process.pid });
      expect(typeof info.started).toBe("string");
      release();
      expect(existsSync(join(s.root, "dist.lock"))).toBe(false);
    } finally {
      await s.done();
    }
  });
});

// Issue #31, item 4: the policy allows docsite's own inline code only; content's inline scripts and handlers are
// refused by the browser and named by the build; an SVG image is not linked as a document of the site.
describe("security headers that mean something", { timeout: 120_000 }, () => {
  it("content's inline scripts and handlers: warnings at file:line, and no hash in the policy", async () => {
    const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;
    const s = await site({
      "content/en/docs/v1/guide/raw.md":
        '---\ntitle: Raw\ndescription: X.\n---\n\nText\n\n<script>alert(1)</script>\n\n<div onclick="alert(3)">x</div>\n',
      "content/en/docs/v1/guide/demo.html":
        '<!doctype html><p onmouseover="alert(8)">demo</p><script>alert(9)</script>\n',
      "content/en/docs/v1/guide/jsx.mdx":
        '---\ntitle: Jsx\ndescription: X.\n---\n\nimport demo from "./demo.html";\n\n<script dangerouslySetInnerHTML={{__html: "alert(5)"}} />\n\n<button onClick="alert(7)">x</button>\n\n![Logo](/img/logo.svg)\n\n<a href={demo}>demo</a>\n',
    });
    try {
      const r = await cli("build", "--root", s.root);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(
        /content\/en\/docs\/v1\/guide\/raw\.md:8: inline <script> in content: the site's Content-Security-Policy allows only docsite's own inline code/,
      );
      expect(r.stderr).toMatch(/raw\.md:10: event handler attribute onclick in content/);
      expect(r.stderr).toMatch(/jsx\.mdx:8: inline <script> in content/);
      expect(r.stderr).toMatch(/jsx\.mdx:10: event handler attribute onclick in content/);
      expect(r.stderr).toMatch(/guide\/demo\.html: this HTML file, published as \S+demo\.html, has inline scripts/);
      expect(r.stderr.match(/raw\.md:8: inline <script>/g)).toHaveLength(1); // once, not once per locale
      const headers = await readFile(join(s.root, "dist/_headers"), "utf8");
      const scriptSrc = /script-src ([^;]*)/.exec(headers)![1];
      for (const bad of ["alert(1)", "alert(3)", "alert(5)", "alert(7)", "alert(8)", "alert(9)"])
        expect(scriptSrc, bad).not.toContain(sha(bad));
      // docsite's own inline scripts are still allowed: the head script of a page and the search page's.
      for (const page of ["dist/docs/v1/guide/raw/index.html", "dist/search/index.html"]) {
        const html = await readFile(join(s.root, page), "utf8");
        const own = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
          .map((m) => m[1])
          .filter((x) => !/alert\(/.test(x));
        expect(own.length, page).toBeGreaterThan(0);
        for (const code of own) expect(scriptSrc, page).toContain(sha(code));
      }
      // The SVG is shown, but not linked as a document of the site.
      const jsx = await readFile(join(s.root, "dist/docs/v1/guide/jsx/index.html"), "utf8");
      expect(jsx).toMatch(/<img src="\/assets\/img\/logo\.[0-9a-f]+\.svg"/);
      expect(jsx).not.toMatch(/<a [^>]*href="[^"]*\.svg"/);
    } finally {
      await s.done();
    }
  });
});
