// The image encoder process (started by images/encoder-process.ts): receives the images a build needs that are
// not in the cache, encodes each into its cache entry, reports progress, and ends once told no more will come and
// all are done. An image it cannot encode is left without an entry: the image stage then tries it itself and
// reports the error with the page's file and line.
import { rmSync } from "node:fs";
import { encodeToEntry, partialFilesOf, type ImageSource } from "./image-cache.ts";
import type { EncoderMessage, EncoderRequest } from "./encoder-process.ts";
import { BuildCache } from "../cache/cache.ts";

const limit = Math.max(1, Number(process.argv[2]) || 1);
const queue: ImageSource[] = [];
let running = 0;
let done = 0;
let ended = false;

const send = (m: EncoderMessage) =>
  new Promise<void>((resolve) => (process.send ? process.send(m, () => resolve()) : resolve()));

const inFlight = new Set<ImageSource>();
let cache: BuildCache | undefined;

async function encode(source: ImageSource): Promise<void> {
  inFlight.add(source);
  try {
    if (cache) await encodeToEntry(cache, source);
  } catch {
    // Reported by the stage, which encodes it again in the build's process.
  } finally {
    inFlight.delete(source);
  }
  await send({ done: ++done });
}

function pump(): void {
  while (running < limit && queue.length) {
    running++;
    void encode(queue.shift()!).finally(() => {
      running--;
      pump();
    });
  }
  if (ended && !running && !queue.length) process.exit(0);
}

// The build was stopped: so is this, without the files of the entries it was writing.
process.on("disconnect", () => {
  for (const source of inFlight)
    for (const file of cache ? partialFilesOf(cache, source.key, process.pid) : []) rmSync(file, { force: true });
  process.exit(0);
});

process.on("message", (m: EncoderRequest) => {
  if ("sources" in m) {
    cache ??= BuildCache.fromHandle(m.cache);
    queue.push(...m.sources);
  } else ended = true;
  pump();
});
