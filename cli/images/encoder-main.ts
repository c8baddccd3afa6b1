// The image encoder process (started by images/encoder-process.ts): receives the images a build needs that are
// not in the cache, encodes each into its cache entry, reports progress, and ends once told no more will come and
// all are done. An image it cannot encode is left without an entry: the image stage then tries it itself and
// reports the error with the page's file and line.
import { rmSync } from "node:fs";
import { encodeToEntry, partialEntryOf, type ImageSource } from "./image-cache.ts";
import type { EncoderMessage, EncoderRequest } from "./encoder-process.ts";

const limit = Math.max(1, Number(process.argv[2]) || 1);
const queue: ImageSource[] = [];
let running = 0;
let done = 0;
let ended = false;

const send = (m: EncoderMessage) =>
  new Promise<void>((resolve) => (process.send ? process.send(m, () => resolve()) : resolve()));

const inFlight = new Set<ImageSource>();

async function encode(source: ImageSource): Promise<void> {
  inFlight.add(source);
  try {
    await encodeToEntry(source);
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

// The build was stopped: so is this, without the folders of the entries it was filling.
process.on("disconnect", () => {
  for (const source of inFlight) rmSync(partialEntryOf(source.dir, process.pid), { recursive: true, force: true });
  process.exit(0);
});

process.on("message", (m: EncoderRequest) => {
  if ("sources" in m) queue.push(...m.sources);
  else ended = true;
  pump();
});
