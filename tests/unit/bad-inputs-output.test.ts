// Bad inputs for `docsite build`, round 2 (issue #31): nothing a site holds makes the build write outside its output
// folder, and an output that cannot be cleaned or a lock whose build is gone never stops the builds after it. Each
// case runs the real CLI as a child process and checks that the site's sources are as they were.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { lstat, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { buildSite, editJson } from "../support/site.ts";
import { cli, expectFailure, leftovers, site } from "../support/bad-inputs.ts";
import { assertInsideOutput, escapeOf } from "../../cli/output/confine.ts";

// Issue #31, item 1: a slug, permalink or config value never makes `docsite build` write outside its output folder.
// Each path below climbs out of dist/ into the site folder (where the source hash would see it) or beyond.
describe("confinement: nothing is written outside the output folder", () => {
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

// Issue #31, item 3: an output that cannot be fully removed, and locks left by builds that are gone, never stop the
// builds that come after.
describe("recoverable output: undeletable leftovers and stale locks", () => {
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
    const { bootId, processStart } = await import("../../cli/output/output-lock.ts");
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
      const { bootId } = await import("../../cli/output/output-lock.ts");
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
    const { acquireLock, HEARTBEAT_MS } = await import("../../cli/output/output-lock.ts");
    const s = await site();
    try {
      const release = acquireLock(join(s.root, "dist"));
      const t = new Date(Date.now() - 60_000);
      await (await import("node:fs/promises")).utimes(join(s.root, "dist.lock"), t, t);
      // Touched again by the heartbeat (however late a loaded machine runs it): newer than the minute-old time set.
      await expect
        .poll(async () => (await stat(join(s.root, "dist.lock"))).mtimeMs, { timeout: 10 * HEARTBEAT_MS + 60_000 })
        .toBeGreaterThan(t.getTime() + 30_000);
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
