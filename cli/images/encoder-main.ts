// The image encoder process (started by images/encoder-process.ts): receives the images a build needs that are
// not in the cache, encodes each into its cache entry, reports progress, and ends. An image it cannot encode is
// left without an entry: the image stage then tries it itself and reports the error with the page's file and line.
import { encodeToEntry } from "./image-cache.ts";
import { eachLimited } from "../pipeline/each-limited.ts";
import type { EncoderJob, EncoderMessage } from "./encoder-process.ts";

const send = (m: EncoderMessage) =>
  new Promise<void>((resolve) => (process.send ? process.send(m, () => resolve()) : resolve()));

// The build was stopped: so is this.
process.on("disconnect", () => process.exit(0));

process.once("message", async (job: EncoderJob) => {
  let done = 0;
  // Two at a time, as the stage does: sharp already spreads one encode over the cores. A failed image's error is
  // not reported from here: the stage encodes it again in the build's process and reports it there.
  await eachLimited(job.sources, 2, async (source) => {
    try {
      await encodeToEntry(source);
    } finally {
      await send({ done: ++done });
    }
  });
  process.exit(0);
});
