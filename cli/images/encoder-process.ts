// The build encodes images in a child process (images/encoder-main.ts), not in the build's own: libvips' memory
// (decoded pixels, its threads' buffers and malloc arenas) goes back to the system only when the process that used
// it ends. Cold build of this site (36 screenshots and their dark twins), peak RSS of the build's process:
// images encoded in it, it grew by 150–190 MB during the stage and kept that through the render.
import { fork, type ChildProcess } from "node:child_process";
import { IMAGE_ENCODER_ENTRY } from "../boot/locations.ts";
import type { ImageSource } from "./image-cache.ts";

/** What the encoder process is asked to do: put these images into their cache entries. */
export interface EncoderJob {
  sources: ImageSource[];
}

/** What it reports: images handled so far. */
export interface EncoderMessage {
  done: number;
}

/**
 * Encodes `job.sources` into the image cache in a child process. Resolves when the process has ended, with why it
 * failed if it did (null when it did not): an image it did not encode has no cache entry, and the stage encodes
 * that one in this process.
 */
export function encodeInChildProcess(job: EncoderJob, progress: (done: number) => void): Promise<string | null> {
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = fork(IMAGE_ENCODER_ENTRY, [], {
        // glibc gives each thread that allocates its own malloc arena, and libvips' threads keep theirs filled. Two
        // arenas: this site's images encoded in 2.5 s with a 219 MB peak, against 2.4 s and 299 MB with the default.
        env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" },
        execArgv: [],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
    } catch (err) {
      resolve((err as Error).message);
      return;
    }
    child.on("message", (m: EncoderMessage) => progress(m.done));
    child.on("error", (err) => resolve(err.message));
    child.on("exit", (code, signal) =>
      resolve(code === 0 ? null : signal ? `ended by ${signal}` : `exit code ${code}`),
    );
    child.send(job);
  });
}
