// A process that builds once (`docsite build`) checks each recorded file's stat once, not at every use
// (cli/cache/file-hashes.ts, `checkStatsOncePerProcess`); any other process — `dev` above all, whose rebuilds must
// see edits made between them — checks at every use. Files are written with a new size each time, so a stat check
// that ran would see the change.
import { describe, it, expect, beforeAll, afterAll, afterEach } from "vitest";
import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkStatsOncePerProcess, hashFile } from "../../cli/cache/file-hashes.ts";
import { hashInput } from "../../cli/cache/recorded-inputs.ts";

let dir: string;
const old = Date.now() / 1000 - 60; // outside the racy window, so the hash is kept
const write = (name: string, text: string) => {
  const abs = join(dir, name);
  writeFileSync(abs, text);
  utimesSync(abs, old, old);
  return abs;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "docsite-hash-once-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => checkStatsOncePerProcess(false));

describe("stat checks", () => {
  it("at every use by default: an edit between two uses is seen", () => {
    const f = write("a.txt", "one");
    const before = hashFile(f);
    write("a.txt", "two, longer");
    expect(hashFile(f)).not.toBe(before);
  });

  it("once per process for a build: the first check holds for the process, a new round checks again", () => {
    checkStatsOncePerProcess(true);
    const f = write("b.txt", "one");
    const first = hashFile(f);
    write("b.txt", "two, longer");
    expect(hashFile(f)).toBe(first);
    checkStatsOncePerProcess(true);
    expect(hashFile(f)).not.toBe(first);
  });

  it("a folder's listing and a file's absence, as recorded inputs, are checked once per round too", () => {
    mkdirSync(join(dir, "looked"));
    checkStatsOncePerProcess(true);
    const folder = hashInput(dir, "folder:looked");
    const absent = hashInput(dir, "maybe:looked/x.js");
    write("looked/x.js", "now there");
    expect(hashInput(dir, "folder:looked")).toBe(folder);
    expect(hashInput(dir, "maybe:looked/x.js")).toBe(absent);
    checkStatsOncePerProcess(false);
    expect(hashInput(dir, "folder:looked")).not.toBe(folder);
    expect(hashInput(dir, "maybe:looked/x.js")).not.toBe(absent);
  });
});
