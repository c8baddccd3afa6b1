// The docs' pictures as content: every picture the pages show is small enough (≤ 500 KB, stills ≤ 400 KB), has
// alt text, appears on at most two pages of a locale, and — from what the media script noted about it
// (content/media/testplane/pictures.json) — is legible in the docs column: the text of terminal pictures, and the text
// in the compared screenshots of diff pictures, at 12 px or more. Each locale shows at least six moving pictures,
// each with its poster.
import { describe, it, expect } from "vitest";
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, posix } from "node:path";
import fg from "fast-glob";

const root = join(import.meta.dirname, "..", "..");
/** The docs column in a 1280 px window (tests/browser/moving-pictures.test.ts measures it). */
const COLUMN = 670;
const KB = 1024;

interface Use {
  page: string;
  line: number;
  file: string;
  alt: string;
  kind: "image" | "video";
}

/** The local pictures a page shows: Markdown images and <video>/<img> with a literal src. */
function uses(page: string): Use[] {
  const text = readFileSync(join(root, page), "utf8");
  const out: Use[] = [];
  const resolve = (src: string) =>
    src.startsWith("@site/") ? src.slice(6) : posix.normalize(posix.join(posix.dirname(page), src));
  text.split("\n").forEach((line, i) => {
    for (const m of line.matchAll(/!\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z]+:/i.test(m[2])) continue;
      const file = resolve(m[2]);
      out.push({ page, line: i + 1, file, alt: m[1], kind: file.endsWith(".mp4") ? "video" : "image" });
    }
    for (const m of line.matchAll(/<(video|img)\s[^>]*\bsrc="([^"]+)"[^>]*>/g)) {
      if (/^[a-z]+:/i.test(m[2])) continue;
      const alt = /\b(?:aria-label|alt)="([^"]*)"/.exec(m[0])?.[1] ?? "";
      const file = resolve(m[2]);
      out.push({ page, line: i + 1, file, alt, kind: file.endsWith(".mp4") ? "video" : "image" });
    }
  });
  return out;
}

const pages = fg.sync(["content/en/**/*.mdx", "content/ru/**/*.mdx", "content/en/**/*.md", "content/ru/**/*.md"], {
  cwd: root,
});
const all = pages.flatMap(uses);
const locale = (page: string) => page.split("/")[1];
const media = all.filter((u) => u.file.startsWith("content/media/"));

describe("pictures in the docs", () => {
  it("finds the pictures the pages show", () => {
    expect(media.length).toBeGreaterThan(60);
  });

  it("shows only files that exist", () => {
    expect(media.filter((u) => !existsSync(join(root, u.file))).map((u) => `${u.page}:${u.line} ${u.file}`)).toEqual(
      [],
    );
  });

  it("gives every picture alt text (a label for a video)", () => {
    expect(media.filter((u) => !u.alt.trim()).map((u) => `${u.page}:${u.line}`)).toEqual([]);
  });

  it("places each picture on at most two pages of a locale", () => {
    const pagesOf = new Map<string, Set<string>>();
    for (const u of media) {
      const key = `${locale(u.page)} ${u.file}`;
      if (!pagesOf.has(key)) pagesOf.set(key, new Set());
      pagesOf.get(key)!.add(u.page);
    }
    const over = [...pagesOf].filter(([, p]) => p.size > 2).map(([k, p]) => `${k}: ${[...p].join(", ")}`);
    expect(over).toEqual([]);
  });

  it("shows at least six distinct moving pictures in each locale, each with its poster beside it", () => {
    for (const l of ["en", "ru"]) {
      const videos = new Set(media.filter((u) => u.kind === "video" && locale(u.page) === l).map((u) => u.file));
      expect(videos.size, l).toBeGreaterThanOrEqual(6);
      for (const v of videos) expect(existsSync(join(root, v.replace(/\.mp4$/, ".poster.png"))), v).toBe(true);
    }
  });

  it("keeps every media file at most 500 KB, and stills and posters at most 400 KB", () => {
    const files = fg.sync("content/media/**/*", { cwd: root });
    expect(files.length).toBeGreaterThan(40);
    const big = files.filter((f) => {
      const size = statSync(join(root, f)).size;
      return size > (f.endsWith(".mp4") ? 500 : 400) * KB;
    });
    expect(big).toEqual([]);
  });
});

describe("legibility of the captured pictures (content/media/testplane/pictures.json)", () => {
  const dir = join(root, "content/media/testplane");
  const notes = JSON.parse(readFileSync(join(dir, "pictures.json"), "utf8")) as Record<
    string,
    { kind: string; cssWidth: number; textPx: number; source: string }
  >;
  /** Its pixel width, read from the PNG's header (a video's from its poster's: the poster is a frame of it). */
  const pixelWidth = (file: string) => {
    const b = readFileSync(join(dir, file.replace(/\.mp4$/, ".poster.png")));
    return b.readUInt32BE(16);
  };
  /** How much of the captured page's size the picture keeps when it fills at most the docs column. */
  const scale = (file: string) => Math.min(pixelWidth(file), COLUMN) / notes[file].cssWidth;

  it("notes every captured picture, and only files that exist", () => {
    const files = readdirSync(dir).filter((f) => /\.(png|mp4)$/.test(f) && !f.includes("-dark."));
    expect(Object.keys(notes).sort()).toEqual(files.sort());
    for (const [f, n] of Object.entries(notes)) expect(n.source, f).toBeTruthy();
  });

  it("keeps terminal text at 12 px or more in the docs column", () => {
    const terminals = Object.keys(notes).filter((f) => notes[f].kind === "terminal");
    expect(terminals.length).toBeGreaterThanOrEqual(2);
    const small = terminals
      .filter((f) => notes[f].textPx * scale(f) < 12)
      .map((f) => `${f}: ${(notes[f].textPx * scale(f)).toFixed(1)} px`);
    expect(small).toEqual([]);
  });

  it("keeps the text in the compared screenshots of diff pictures at 12 px or more in the docs column", () => {
    const diffs = Object.keys(notes).filter((f) => notes[f].kind === "diff");
    expect(diffs.length).toBeGreaterThanOrEqual(3);
    const small = diffs
      .filter((f) => notes[f].textPx * scale(f) < 12)
      .map((f) => `${f}: ${(notes[f].textPx * scale(f)).toFixed(1)} px`);
    expect(small).toEqual([]);
  });

  // The smallest text of the interface in each still and video, measured in the page when it was captured
  // (scripts/media/legibility.ts): html-reporter's and the GUI's own labels, the player's clock, the Quickstart
  // report's counters. Text inside the screenshots a report shows is the "diff" check's (above).
  it("keeps the smallest interface text of every still and video at 12 px or more in the docs column", () => {
    const shown = Object.keys(notes).filter((f) => notes[f].kind === "ui" || notes[f].kind === "video");
    expect(shown.length).toBeGreaterThanOrEqual(15);
    const small = shown
      .filter((f) => notes[f].textPx * scale(f) < 12)
      .map((f) => `${f}: ${(notes[f].textPx * scale(f)).toFixed(1)} px`);
    expect(small).toEqual([]);
  });
});
