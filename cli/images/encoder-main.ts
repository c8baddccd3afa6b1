// The image encoder process (started by images/encoder-process.ts): receives the images a build needs that are
// not in the cache, encodes each into its cache entry, reports progress, and ends once told no more will come and
// all are done. An image it cannot encode is left without an entry: the image stage then tries it itself and
// reports the error with the page's file and line.
import { encodeToEntry } from "./image-cache.ts";
import type { ImageSource } from "./image-cache.ts";
import type { EncoderMessage, EncoderRequest } from "./encoder-process.ts";

let limit = Math.max(1, Number(process.argv[2]) || 1);
const queue: ImageSource[] = [];
let running = 0;
let done = 0;
let ended = false;

const send = (m: EncoderMessage) =>
  new Promise<void>((resolve) => (process.send ? process.send(m, () => resolve()) : resolve()));

async function encode(source: ImageSource): Promise<void> {
  try {
    await encodeToEntry(source);
  } catch {
    // Reported by the stage, which encodes it again in the build's process.
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

// The build was stopped: so is this.
process.on("disconnect", () => process.exit(0));

process.on("message", (m: EncoderRequest) => {
  if ("sources" in m) queue.push(...m.sources);
  else if ("limit" in m) limit = Math.max(1, m.limit);
  else ended = true;
  pump();
});
