// Every build ends: a page that runs forever fails at the page time limit (pipeline/time-limit.ts), naming its file;
// SIGTERM ends a build whose page is busy, keeping the previous dist/; and a page of huge words builds in time
// linear in its size. The real CLI runs as a child process, with a guard that kills it if it never ends (the
// failure these tests exist for); the guard's bounds are generous, for a loaded machine.
import { describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { buildSite, editJson } from "../support/site.ts";
import { collect, leftovers, site, start, treeHash, type Run } from "../support/bad-inputs.ts";

/** A page whose MDX expression never returns. */
const ENDLESS = "---\ntitle: Endless\n---\n\nBefore {(() => { while (true) {} })()} after.\n";
const ENDLESS_FILE = "content/en/docs/v1/guide/endless.mdx";

/** Runs the CLI; `during` gets the child and its output so far; killed with SIGKILL after `guardMs`. */
async function run(args: string[], guardMs: number, during?: (child: ReturnType<typeof start>) => void) {
  const child = start(args);
  const guard = setTimeout(() => child.kill("SIGKILL"), guardMs);
  during?.(child);
  try {
    return await collect(child);
  } finally {
    clearTimeout(guard);
  }
}

describe("every build ends", () => {
  it("a page whose expression loops forever fails at the page time limit, naming its file", async () => {
    const s = await site({ [ENDLESS_FILE]: ENDLESS });
    try {
      await editJson(s.root, "site.config.json", (c) => {
        c.pageTimeLimit = 5;
      });
      const t0 = Date.now();
      const r: Run = await run(["build", "--root", s.root], 150_000);
      console.log(`a build with an endless page ended in ${Date.now() - t0} ms (page time limit 5 s)`);
      expect(r.signal, "the build never ended").toBeNull();
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(ENDLESS_FILE);
      expect(r.stderr).toMatch(/took longer than the page time limit \(5 s\), so it was stopped/);
      expect(r.stderr).toMatch(/raise "pageTimeLimit" \(seconds\) in site\.config\.json/);
      expect(r.stderr).not.toMatch(/^\s+at /m);
      expect(leftovers(s.root)).toEqual([]);
      expect(existsSync(join(s.root, "dist.lock"))).toBe(false);
    } finally {
      await s.done();
    }
  });

  it("a page whose emphasis nests 40,000 levels deep fails at the limit while it compiles, naming its file", async () => {
    // The Markdown parser's emphasis step is quadratic in the nesting (micromark's resolveAllAttention): minutes here.
    const deep = `---\ntitle: Deep\n---\n\n${"*_".repeat(20_000)}x${"_*".repeat(20_000)}\n`;
    const s = await site({ "content/en/docs/v1/guide/deep.mdx": deep });
    try {
      await editJson(s.root, "site.config.json", (c) => {
        c.pageTimeLimit = 5;
      });
      const r = await run(["build", "--root", s.root], 150_000);
      expect(r.signal, "the build never ended").toBeNull();
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/deep\.mdx compiling this page took longer than the page time limit \(5 s\)/);
    } finally {
      await s.done();
    }
  });

  it("SIGTERM ends a build whose page is busy (exit 143), keeping the previous dist/", async () => {
    const s = await site();
    try {
      await buildSite(s.root);
      const dist = await treeHash(join(s.root, "dist"), () => false);
      // The endless page now, with a limit far beyond the test: only the signal can end the build.
      await mkdir(join(s.root, "content/en/docs/v1/guide"), { recursive: true });
      await writeFile(join(s.root, ENDLESS_FILE), ENDLESS);
      await editJson(s.root, "site.config.json", (c) => {
        c.pageTimeLimit = 3600;
      });
      let sentAt = 0;
      const r = await run(["build", "--root", s.root], 90_000, (child) => {
        let out = "";
        child.stdout?.on("data", (d) => {
          out += d;
          // The render has begun (the images' line comes just before it): the page is busy a moment later.
          if (!sentAt && /images: /.test(out)) {
            sentAt = -1;
            setTimeout(() => {
              sentAt = Date.now();
              child.kill("SIGTERM");
            }, 3000);
          }
        });
      });
      console.log(`SIGTERM to a busy build: it ended ${sentAt > 0 ? Date.now() - sentAt : "?"} ms later`);
      expect(sentAt, `the render never began: ${r.stderr}`).toBeGreaterThan(0);
      expect(r.signal, "the build did not end on SIGTERM").toBeNull();
      expect(r.code, r.stderr).toBe(143);
      expect(r.stderr).toMatch(/stopped by SIGTERM: .*dist left as it was/);
      expect(leftovers(s.root)).toEqual([]);
      expect(existsSync(join(s.root, "dist.lock"))).toBe(false);
      expect(await treeHash(join(s.root, "dist"), () => false)).toBe(dist);
    } finally {
      await s.done();
    }
  });

  it("in `docsite dev`, a page whose expression loops forever fails at the time limit; the server still serves", async () => {
    const s = await site({ [ENDLESS_FILE]: ENDLESS });
    await editJson(s.root, "site.config.json", (c) => {
      c.pageTimeLimit = 5;
    });
    // The dev server in a child process: without the limit it would hang this one.
    const child = start(["dev", "--root", s.root, "--port", "0"]);
    const guard = setTimeout(() => child.kill("SIGKILL"), 180_000);
    const ended = collect(child);
    try {
      const base = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout?.on("data", (d) => {
          out += d;
          const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
          if (m) resolve(m[0].slice(0, -1));
        });
        child.on("close", () => reject(new Error(`the dev server ended: ${out}`)));
      });
      const t0 = Date.now();
      const endless = await fetch(`${base}/docs/v1/guide/endless/`, { signal: AbortSignal.timeout(120_000) });
      console.log(`dev: the endless page answered in ${Date.now() - t0} ms (page time limit 5 s)`);
      expect(endless.status).toBe(500);
      const text = await endless.text();
      expect(text).toContain("endless.mdx");
      expect(text).toContain("took longer than the page time limit (5 s)");
      const other = await fetch(`${base}/docs/v1/guide/first/`, { signal: AbortSignal.timeout(120_000) });
      expect(other.status).toBe(200);
    } finally {
      clearTimeout(guard);
      child.kill("SIGKILL");
      await ended;
      await s.done();
    }
  });

  it("pages whose title, headings and paragraphs are one 120 KB word each build", async () => {
    const word = "a".repeat(120_000);
    const page = `---\ntitle: ${word}\n---\n\n# ${word}\n\nText ${word}\n\n## ${word}\n\n${word}\n`;
    // Thirty such words: the quadratic step there was (the search terms' chain pattern) took several seconds a word
    // even on a fast machine, minutes in all; a linear one takes about as long as the site's other pages.
    const pages = [1, 2, 3, 4, 5, 6].map((i) => [`content/en/docs/v1/guide/huge-${i}.mdx`, page]);
    const s = await site(Object.fromEntries(pages));
    try {
      const t0 = Date.now();
      const r = await run(["build", "--root", s.root], 120_000);
      console.log(`six pages of 120 KB words built in ${Date.now() - t0} ms`);
      expect(r.signal, "the build did not end").toBeNull();
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(join(s.root, "dist/docs/v1/guide/huge-6/index.html"))).toBe(true);
    } finally {
      await s.done();
    }
  });
});
