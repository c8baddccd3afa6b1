// Bad inputs and faults for `docsite build`: each case asserts the message, the exit code (the real CLI, run as a
// child process) and that nothing was lost (a hash of the site's sources before and after).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { removeSite, buildSite, editJson, quietLogger } from "../support/site.ts";
import { cli, collect, expectFailure, leftovers, repo, site, start, treeHash } from "../support/bad-inputs.ts";
import { STAMP, openOutput, cleanLeftovers } from "../../cli/output/output.ts";
import { DocsiteError, formatError } from "../../cli/log.ts";

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

describe("atomic output: lock, leftovers, mounts", () => {
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
describe("signals: no temporary folders left, dist/ intact", () => {
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
    expect(r.stderr).toMatch(/no site at \S+: no site\.config\.json in /);
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
