// The dev server's file events: one save is one change, read once, and a save seen between its truncation and its
// write is read once it has its content.
import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ChangeQueue, EMPTY_WAIT_MS, type Batch } from "../../cli/dev/change-queue.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits (up to 5 s, for a loaded machine) until a batch was handled, then 300 ms more for any batch after it. */
async function settled(): Promise<void> {
  const end = Date.now() + 5000;
  while (!seen.length && Date.now() < end) await sleep(10);
  await sleep(300);
}

let dir: string;
let file: string;
/** What each batch saw: the file's content when the batch was handled. */
let seen: string[];
let queue: ChangeQueue;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "docsite-queue-"));
  file = join(dir, "page.mdx");
  await writeFile(file, "first\n");
  seen = [];
  queue = new ChangeQueue(
    async (batch: Batch) => {
      for (const [f] of batch) seen.push(await readFile(f, "utf8"));
    },
    (err) => {
      throw err;
    },
  );
});
afterEach(async () => {
  queue.close();
  await rm(dir, { recursive: true, force: true });
});

describe("ChangeQueue", () => {
  it("takes the two events of one save as one change", async () => {
    await writeFile(file, "second\n");
    queue.push("change", file);
    queue.push("change", file);
    await settled();
    expect(seen).toEqual(["second\n"]);
  });

  it("reads a save seen half-done (truncated, written 150 ms later) once, with its content", async () => {
    await writeFile(file, "");
    queue.push("change", file);
    await sleep(150);
    await writeFile(file, "third\n");
    queue.push("change", file);
    await settled();
    expect(seen).toEqual(["third\n"]);
  });

  it("takes a file emptied on purpose as empty, after a wait", async () => {
    await writeFile(file, "");
    queue.push("change", file);
    await sleep(EMPTY_WAIT_MS / 2);
    expect(seen).toEqual([]);
    await settled();
    expect(seen).toEqual([""]);
  });
});
