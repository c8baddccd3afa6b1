// A rebuild updates the output folder in place (cli/output/output-update.ts): only changed files are written,
// dropped ones removed, the result equals a whole write, anything the manifest cannot vouch for is written again,
// and a journal committed by a build killed mid-update is completed by the next build (never half applied).
import { describe, it, expect, beforeEach, afterEach, vi } from "vitest";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { STAMP, openOutput } from "../../cli/output/output.ts";
import { BuildCache } from "../../cli/cache/cache.ts";
import { outputManifest } from "../../cli/cache/output-manifests.ts";
import { checksum } from "../../cli/cache/hash.ts";
import { readStaticFiles, type Content, type StoredContent } from "../../cli/output/output-update.ts";

let root: string;
const dist = () => join(root, "dist");
const manifest = () => outputManifest(BuildCache.forSite(root), root, dist());
/** The manifest's file in the cache. */
const manifestFile = () => {
  const cache = BuildCache.forSite(root);
  return join(cache.folder("output"), readdirSync(cache.folder("output")).find((n) => n.endsWith(".json"))!);
};

async function write(files: Record<string, Content>, withManifest = true, staticDir?: string): Promise<void> {
  const out = await openOutput({ root, outDir: dist(), manifest: withManifest ? manifest() : undefined });
  try {
    await out.write(new Map(Object.entries(files)), staticDir);
  } finally {
    out.close();
  }
}

/** A file known by its hash (as the render and image stores give them), noting each time it is read. */
const stored = (text: string, reads: string[], read: () => string = () => text): StoredContent => ({
  hash: checksum(text),
  read: () => {
    reads.push(text);
    return read();
  },
});

/** Every file under dist/ (the stamp left out) with its text. */
async function tree(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dist(), { recursive: true, withFileTypes: true })) {
    const rel = relative(dist(), join(e.parentPath, e.name));
    if (e.isFile() && rel !== STAMP) out[rel] = await readFile(join(dist(), rel), "utf8");
  }
  return out;
}

const ino = async (rel: string) => (await stat(join(dist(), rel))).ino;
const dirs = () => readdirSync(dist(), { recursive: true, withFileTypes: true }).filter((e) => e.isDirectory());
const leftovers = () => readdirSync(root).filter((n) => n.startsWith("dist."));

const SITE = {
  "index.html": "home",
  "docs/a/index.html": "page a",
  "docs/b/index.html": "page b",
  "search/s/0.aaaa.json": "shard",
};

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "docsite-output-"));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe("in-place update of the output", () => {
  it("writes only the changed files, removes dropped files and folders, and equals a whole write", async () => {
    await write(SITE);
    const kept = await ino("docs/a/index.html");
    const changed = await ino("docs/b/index.html");
    const next = {
      "index.html": "home",
      "docs/a/index.html": "page a",
      "docs/b/index.html": "page b, edited",
      "docs/c/index.html": "page c",
      "search/s/0.bbbb.json": "shard, renamed",
    };
    await write(next);
    expect(await tree()).toEqual(next);
    expect(await ino("docs/a/index.html")).toBe(kept); // not written again
    expect(await ino("docs/b/index.html")).not.toBe(changed);
    expect(existsSync(join(dist(), STAMP))).toBe(true);
    expect(leftovers()).toEqual([]);

    await write({ "index.html": "home" });
    expect(await tree()).toEqual({ "index.html": "home" });
    expect(dirs()).toEqual([]); // docs/ and search/ went with their last files
  });

  it("writes a file again when it was changed or added by hand since the last build", async () => {
    await write(SITE);
    await writeFile(join(dist(), "docs/a/index.html"), "page A"); // same size, new mtime
    await utimes(join(dist(), "docs/b/index.html"), new Date(2001, 1, 1), new Date(2001, 1, 1));
    await writeFile(join(dist(), "stray.html"), "mine");
    await mkdir(join(dist(), "stray-folder"));
    await write(SITE);
    expect(await tree()).toEqual(SITE);
    expect(existsSync(join(dist(), "stray-folder"))).toBe(false);
  });

  it("leaves the manifest as it is when nothing changed, and still sees a file changed by hand after that", async () => {
    await write(SITE);
    const recorded = await stat(manifestFile());
    await write(SITE);
    // Not written again (a rewrite is a new file renamed into place: a new inode).
    expect((await stat(manifestFile())).ino).toBe(recorded.ino);
    expect((await stat(manifestFile())).mtimeMs).toBe(recorded.mtimeMs);
    await writeFile(join(dist(), "docs/a/index.html"), "page A");
    await write(SITE);
    expect(await tree()).toEqual(SITE);
    expect((await stat(manifestFile())).ino).not.toBe(recorded.ino);
  });

  it("knows static files by their hash, reads one only to write it, and sees one changed with its size and mtime put back", async () => {
    const statics = join(root, "static");
    await mkdir(join(statics, "img"), { recursive: true });
    await writeFile(join(statics, "img/logo.svg"), "<svg>one</svg>");
    await writeFile(join(statics, "robots.txt"), "User-agent: *");
    const logo = join(statics, "img/logo.svg");
    // A whole second, so that putting it back below restores it exactly.
    const then = new Date(2020, 0, 1);
    await utimes(logo, then, then);
    const listed = await readStaticFiles(statics, STAMP);
    // Known by hash, not read: a no-change build of a site with megabytes of static files reads none of them.
    expect([...listed!.values()].every((c) => typeof c === "object" && !(c instanceof Uint8Array))).toBe(true);
    // The file-hashes memo keeps no hash of a file changed in the last 2 s (file-hashes.ts): the clock moved on.
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now + 10_000);
    try {
      await write(SITE, true, statics); // a whole write (no output yet)
      await write(SITE, true, statics); // in place: the static files hashed, and their hashes kept by their stat
    } finally {
      clock.mockRestore();
    }
    expect(await readFile(join(dist(), "img/logo.svg"), "utf8")).toBe("<svg>one</svg>");
    await writeFile(logo, "<svg>two</svg>");
    await utimes(logo, then, then);
    expect((await stat(logo)).mtimeMs).toBe(then.getTime());
    await write(SITE, true, statics);
    expect(await readFile(join(dist(), "img/logo.svg"), "utf8")).toBe("<svg>two</svg>");
    expect(await tree()).toEqual({ ...SITE, "img/logo.svg": "<svg>two</svg>", "robots.txt": "User-agent: *" });
  });

  it("writes the whole folder without a manifest, or when a file must become a folder", async () => {
    await write(SITE, false);
    const before = await ino("index.html");
    await write(SITE); // no manifest yet: a whole write, which records one
    expect(await ino("index.html")).not.toBe(before);
    const next = { ...SITE, "docs/a/index.html/deeper.html": "now a folder" };
    delete (next as Record<string, string>)["docs/a/index.html"];
    await write(next);
    expect(await tree()).toEqual(next);
    await rm(manifestFile());
    await write(SITE);
    expect(await tree()).toEqual(SITE);
  });

  it("reads a file known by its hash only to write it; one that cannot be read leaves the output as it was", async () => {
    await write(SITE);
    const reads: string[] = [];
    const next = { ...SITE, "docs/b/index.html": "page b, edited" };
    await write(Object.fromEntries(Object.entries(next).map(([f, t]) => [f, stored(t, reads)])));
    expect(await tree()).toEqual(next);
    expect(reads).toEqual(["page b, edited"]);
    // A folder without a manifest is written whole: every file is read.
    reads.length = 0;
    await rm(manifestFile());
    await write(Object.fromEntries(Object.entries(next).map(([f, t]) => [f, stored(t, reads)])));
    expect(reads.sort()).toEqual(Object.values(next).sort());
    // The cache lost a file the update must write: the build fails before anything in dist/ moves.
    const lost = () => {
      throw new Error("the build cache lost it");
    };
    for (const whole of [false, true]) {
      if (whole) await rm(manifestFile());
      const files = {
        ...next,
        "index.html": "home, edited",
        "docs/b/index.html": stored("page b, again", reads, lost),
      };
      await expect(write(files)).rejects.toThrow(/lost it/);
      expect(await tree()).toEqual(next);
      expect(leftovers()).toEqual([]);
    }
  });

  it("completes a journal a killed build committed, and drops a stage it had not committed", async () => {
    await write(SITE);
    // What a build killed right after its commit leaves: the staged file and the journal beside dist/.
    const stage = join(root, "dist.tmp-999999-1");
    await mkdir(join(stage, "f"), { recursive: true });
    await writeFile(join(stage, STAMP), "stamp");
    await writeFile(join(stage, "f", "0"), "page b, from the journal");
    const journal = { moves: [["0", "docs/b/index.html"]], remove: ["docs/a", "../outside", "/etc/passwd"] };
    await writeFile(join(stage, "journal.json"), JSON.stringify(journal));
    await writeFile(join(root, "outside"), "not docsite's");
    // And one killed before its commit: staged bytes, no journal.
    const early = join(root, "dist.tmp-999999-2");
    await mkdir(join(early, "f"), { recursive: true });
    await writeFile(join(early, STAMP), "stamp");
    await writeFile(join(early, "f", "0"), "never applied");

    const out = await openOutput({ root, outDir: dist(), manifest: manifest() });
    out.close();
    expect(await tree()).toEqual({
      "index.html": "home",
      "docs/b/index.html": "page b, from the journal",
      "search/s/0.aaaa.json": "shard",
    });
    expect(await readFile(join(root, "outside"), "utf8")).toBe("not docsite's");
    expect(leftovers()).toEqual([]);
    // The next build puts everything right, the journal's file included (its stat is not the recorded one).
    await write(SITE);
    expect(await tree()).toEqual(SITE);
  });
});
