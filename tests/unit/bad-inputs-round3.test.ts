// Bad inputs found by an outside test round on the installed tarball (issue #37): HTML comments inside JSX strings, a
// YAML alias bomb, folders where files belong, settings accepted silently (an empty title, TOC levels 0 and 9, a
// missing favicon or logo, a missing --root, an empty --dir), a page too large to be one, and messages that named an
// internal path or said what was not true. Each case names the file (and line) and what to do.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSite, editJson } from "../support/site.ts";
import { cli, collect, expectFailure, site, start } from "../support/bad-inputs.ts";
import { preprocess } from "../../cli/mdx/preprocess.ts";
import { readSource } from "../../cli/content/scan.ts";
import { loadConfig } from "../../cli/config/load.ts";
import { DocsiteError } from "../../cli/log.ts";
import { openOutput } from "../../cli/output/output.ts";

const page = (front: string, body = "Text.\n") => `---\n${front}\n---\n\n${body}`;
const DOC = "content/en/docs/v1/guide/odd.mdx";

describe("<!-- inside JSX and code is not a Markdown comment", () => {
  it("leaves attribute strings, expression strings, JS comments and code spans alone", () => {
    const same = [
      '<Foo text="a <!-- b" />',
      '{"<!-- x -->"}',
      "x `<!-- y -->` z",
      "{/* <!-- keep */}",
      'export const s = "<!-- x -->";',
      '<Foo\n  title="<!-- multi"\n  b={"<!--"}\n/>',
    ];
    for (const text of same) expect(preprocess(text), text).toBe(text);
  });

  it("still turns real comments into MDX comments, around JSX too, keeping the line count", () => {
    expect(preprocess("a <!-- c --> b")).toBe("a {/* c */} b");
    expect(preprocess('<Foo text="<!--" /> <!-- c -->')).toBe('<Foo text="<!--" /> {/* c */}');
    expect(preprocess("{x && <p>Don't</p>}\n<!-- c -->")).toBe("{x && <p>Don't</p>}\n{/* c */}");
    expect(preprocess("<Tabs>\n<!-- c -->\n</Tabs>")).toBe("<Tabs>\n{/* c */}\n</Tabs>");
    expect(preprocess("<!-- open\nmid */ x\nend --> after")).toBe("{/* open\nmid * / x\nend */} after");
    expect(preprocess("export const s = 1;\n\n<!-- c -->")).toBe("export const s = 1;\n\n{/* c */}");
  });

  it("a page with them builds, and its HTML shows the strings as written", async () => {
    const s = await site({
      [DOC]: page(
        "title: Odd",
        '<span title="a <!-- b">x</span>\n\n{"<!-- x -->"}\n\nSee `<!-- y -->` here.\n\n<!-- zzcommentzz -->\n',
      ),
    });
    try {
      await buildSite(s.root);
      const html = readFileSync(join(s.root, "dist/docs/v1/guide/odd/index.html"), "utf8");
      expect(html).toContain('title="a &lt;!-- b"');
      expect(html).toContain("&lt;!-- x --&gt;");
      expect(html).toContain("<code>&lt;!-- y --&gt;</code>");
      expect(html).not.toContain("zzcommentzz");
    } finally {
      await s.done();
    }
  });
});

describe("front matter", () => {
  it("a YAML alias bomb is an error naming the file and line, not an unexpected failure", async () => {
    const levels = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"];
    for (const n of "bcdefghi") {
      const prev = String.fromCharCode(n.charCodeAt(0) - 1);
      levels.push(`${n}: &${n} [${Array(9).fill(`*${prev}`).join(", ")}]`);
    }
    const r = await expectFailure({ [DOC]: page(`title: Bomb\n${levels.join("\n")}`) }, 1, [
      /guide\/odd\.mdx:4 front matter expands too many YAML aliases/,
      /use at most 100 aliases/,
    ]);
    expect(r.stderr).not.toMatch(/unexpected failure/);
  });

  it("an empty title, and TOC levels outside 2–6, are errors at their line", async () => {
    await expectFailure({ [DOC]: page('description: D\ntitle: ""') }, 1, [
      /guide\/odd\.mdx:3 front matter field "title" is empty/,
    ]);
    for (const [field, value] of [
      ["toc_min_heading_level", 0],
      ["toc_max_heading_level", 9],
      ["toc_max_heading_level", 2.5],
    ] as const)
      await expectFailure({ [DOC]: page(`title: T\n${field}: ${value}`) }, 1, [
        new RegExp(
          `guide/odd\\.mdx:3 front matter field "${field}" is ${value}: it must be a heading level from 2 to 6`,
        ),
      ]);
    await expectFailure({ [DOC]: page("title: T\ntoc_min_heading_level: 4\ntoc_max_heading_level: 3") }, 1, [
      /odd\.mdx:3 front matter field "toc_min_heading_level" \(4\) is above "toc_max_heading_level" \(3\)/,
    ]);
  });
});

describe("folders where files belong, and files too large to be pages", () => {
  it("site.config.json or the sidebars file as a folder: named, with what to do", async () => {
    const moveAside = (file: string) => async (root: string) => {
      await rename(join(root, file), join(root, `${file}.aside`));
      await mkdir(join(root, file));
    };
    for (const file of ["site.config.json", "content/sidebars.json"]) {
      const r = await expectFailure(
        {},
        1,
        [new RegExp(`${file.replace(".", "\\.")} is a folder, but it must be a file`)],
        {
          edit: moveAside(file),
        },
      );
      expect(r.stderr).toMatch(/rename or move that folder/);
      expect(r.stderr).not.toMatch(/EISDIR/);
    }
  });

  it("a folder named like a page (x.mdx), when dev reads it, is named", async () => {
    const s = await site();
    try {
      await mkdir(join(s.root, "content/en/docs/v1/x.mdx"));
      const config = loadConfig(s.root);
      const err = await readSource(config, join(s.root, "content/en/docs/v1/x.mdx")).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DocsiteError);
      expect((err as DocsiteError).where.file).toBe("content/en/docs/v1/x.mdx");
      expect((err as DocsiteError).message).toMatch(/is a folder, but a name ending in \.md or \.mdx is a page file/);
    } finally {
      await s.done();
    }
  });

  it("a content file over 50 MB is refused by its size, unread, naming it and the limit", async () => {
    await expectFailure(
      {},
      1,
      [/guide\/huge\.mdx is 51 MB, more than a page may be \(50 MB\)/, /split it into pages/],
      {
        edit: async (root) => {
          await writeFile(join(root, "content/en/docs/v1/guide/huge.mdx"), "");
          await truncate(join(root, "content/en/docs/v1/guide/huge.mdx"), 51 * 1024 * 1024);
        },
      },
    );
  });

  it("docsite import refuses such a page before reading it, and copies other large files", async () => {
    const work = await mkdtemp(join(tmpdir(), "docsite-huge-"));
    try {
      const src = join(work, "site");
      await mkdir(join(src, "docs"), { recursive: true });
      await mkdir(join(src, "static"), { recursive: true });
      await writeFile(
        join(src, "docusaurus.config.js"),
        'module.exports = { title: "T", url: "https://t.example", baseUrl: "/", presets: [["classic", {}]] };\n',
      );
      await writeFile(join(src, "docs/intro.md"), "# Intro\n");
      await writeFile(join(src, "static/video.bin"), "");
      await truncate(join(src, "static/video.bin"), 60 * 1024 * 1024);
      const ok = await cli("import", src, "--out", join(work, "ok"));
      expect(ok.code, ok.stderr).toBe(0);
      expect(existsSync(join(work, "ok/static/video.bin"))).toBe(true);
      await writeFile(join(src, "docs/huge.md"), "");
      await truncate(join(src, "docs/huge.md"), 51 * 1024 * 1024);
      const r = await cli("import", src, "--out", join(work, "out"));
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/docs\/huge\.md is 51 MB, more than a page may be \(50 MB\)/);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});

describe("settings that were accepted silently", () => {
  it("a blank site title is an error at its line", async () => {
    await expectFailure({}, 1, [/site\.config\.json:3 title is blank/], {
      edit: (root) => editJson(root, "site.config.json", (c) => (c.title = "  ")),
    });
  });

  it("a missing favicon or logo file is a warning naming the setting (Docusaurus builds such a site)", async () => {
    for (const [file, message] of [
      ["static/img/favicon.svg", /favicon "img\/favicon\.svg" names static\/img\/favicon\.svg, which is not a file/],
      ["static/img/logo.svg", /navbar\.logo\.src "img\/logo\.svg" names static\/img\/logo\.svg/],
    ] as const) {
      const s = await site({ [file]: null });
      try {
        const r = await cli("build", "--root", s.root);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stderr).toMatch(message);
        expect(r.stderr).toMatch(/add static\/img\/(favicon|logo)\.svg, or fix/);
      } finally {
        await s.done();
      }
    }
  });

  it("a baseUrl without its slashes is said in words, not as a regular expression", async () => {
    const r = await expectFailure({}, 1, [/baseUrl: must start and end with "\/"/], {
      edit: (root) => editJson(root, "site.config.json", (c) => (c.baseUrl = "docs")),
    });
    expect(r.stderr).not.toMatch(/pattern|\^\//);
  });
});

describe("command-line folders", () => {
  it("build --root <missing> fails with 'no site at' and creates nothing", async () => {
    const work = await mkdtemp(join(tmpdir(), "docsite-root-"));
    try {
      const missing = join(work, "missing", "site");
      const r = await cli("build", "--root", missing);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`no site at ${missing}: it does not exist`);
      expect(existsSync(join(work, "missing"))).toBe(false);
      await mkdir(join(work, "empty"));
      const e = await cli("build", "--root", join(work, "empty"));
      expect(e.code).toBe(1);
      expect(e.stderr).toContain(`no site at ${join(work, "empty")}: no site.config.json in`);
      expect(existsSync(join(work, "empty", "dist"))).toBe(false);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('serve --dir "" is refused (it would serve the working folder: the site\'s sources)', async () => {
    // A server that starts would run until stopped: it is stopped after a while, failing the test.
    const child = start(["serve", "--dir", "", "--port", "0"]);
    const stop = setTimeout(() => child.kill(), 60_000);
    const r = await collect(child).finally(() => clearTimeout(stop));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--dir is empty/);
  });
});

describe("a dist/ that cannot be written", () => {
  const asRoot = process.getuid?.() === 0;
  /** Makes a folder (and with `deep`, all under it) unwritable: immutable for root (chattr), read-only for others. */
  const pin = (dir: string, on: boolean, deep = false) =>
    asRoot
      ? spawnSync("chattr", [...(deep ? ["-R"] : []), on ? "+i" : "-i", dir]).status === 0
      : (spawnSync("chmod", [...(deep ? ["-R"] : []), on ? "a-w" : "u+w", dir]).status ?? 1) === 0;

  /** Builds, changes a page, pins `folder` and builds again: the failed build's stderr. */
  async function failedUpdate(folder: (root: string) => string, deep: boolean): Promise<string | null> {
    const s = await site();
    let pinned = "";
    try {
      await buildSite(s.root);
      await writeFile(join(s.root, "content/en/docs/v1/index.mdx"), page("title: Changed", "New text.\n"));
      if (!pin(folder(s.root), true, deep)) return null; // nothing here can make a folder unwritable
      pinned = folder(s.root);
      const r = await cli("build", "--root", s.root);
      expect(r.code).toBe(1);
      // The user's dist/ and one of its files, never docsite's staging folder beside it.
      expect(r.stderr).toMatch(/could not write into \S*dist \(E\w+: [^)]* on \S*dist\/\S+\)/);
      expect(r.stderr).not.toMatch(/dist\.tmp-/);
      expect(r.stderr).toMatch(/make \S*dist and everything in it writable/);
      return r.stderr;
    } finally {
      if (pinned) pin(pinned, false, deep);
      await s.done();
    }
  }

  it("nothing moved in: says so, and not that dist/ mixes old and new files", async () => {
    const stderr = await failedUpdate((root) => join(root, "dist"), true);
    if (stderr === null) return;
    expect(stderr).toMatch(/nothing in \S*dist was changed/);
    expect(stderr).not.toMatch(/mix/);
  });

  it("some files moved in before the failure: says that dist/ mixes old and new files until built again", async () => {
    const stderr = await failedUpdate((root) => join(root, "dist/docs/v1"), false);
    if (stderr === null) return;
    expect(stderr).toMatch(/on \S*dist\/docs\/v1\/index\.html/);
    expect(stderr).toMatch(/until then \S*dist mixes old and new files/);
  });

  it("a failure while the new site is written beside dist/ names the user's folders, not the staging folder", async () => {
    const work = await mkdtemp(join(tmpdir(), "docsite-stage-"));
    const parent = join(work, "site");
    await mkdir(join(parent, "content"), { recursive: true });
    const out = await openOutput({ root: parent, outDir: join(parent, "dist") });
    let pinned = false;
    try {
      pinned = pin(parent, true);
      if (!pinned) return;
      const err = await out.write(new Map([["index.html", "<p>x</p>"]])).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DocsiteError);
      expect((err as DocsiteError).message).toMatch(/^could not write the new site beside \S*dist, in \S*site \(E\w+/);
      expect((err as DocsiteError).message).not.toMatch(/\.tmp-/);
      expect((err as DocsiteError).hint).toMatch(
        /make \S*site writable, or build into another folder \(--out\); \S*dist is unchanged/,
      );
    } finally {
      if (pinned) pin(parent, false);
      out.close();
      await rm(work, { recursive: true, force: true });
    }
  });
});
