// The build encodes images in a child process (images/encoder-main.ts), not in the build's own: libvips' memory
// (decoded pixels, its threads' buffers and malloc arenas) goes back to the system only when the process that used
// it ends: encoded in the build's process, they raised its peak through the render (docs/speed.md).
// Images can be sent while the process runs: a build sends each page's images as the page compiles, to a process at
// the lowest CPU priority (images/image-feed.ts), and the image stage sends its own to one at the build's priority.
import { fork, type ChildProcess } from "node:child_process";
import { setPriority } from "node:os";
import { IMAGE_ENCODER_ENTRY } from "../boot/locations.ts";
import { rm } from "node:fs/promises";
import { partialFilesOf, type ImageSource } from "./image-cache.ts";
import type { BuildCache, CacheHandle } from "../cache/cache.ts";

/** What the encoder process is sent: images to put into their cache entries, or that no more will come. */
export type EncoderRequest = { cache: CacheHandle; sources: ImageSource[] } | { end: true };

/** What it reports: images handled so far. */
export interface EncoderMessage {
  done: number;
}

interface EncoderOptions {
  /** The build cache the entries go into. */
  cache: BuildCache;
  /** Images encoded at a time. */
  limit: number;
  /** At the lowest CPU priority (`nice` 19): it then takes only the CPU time the rest of the build leaves. */
  background?: boolean;
}

export interface EncoderProcess {
  /** Queues images (an image already sent is not sent again). */
  add(sources: ImageSource[]): void;
  /** The images sent, by `src`. */
  readonly sent: ReadonlySet<string>;
  /** Images handled so far (encoded, or left without an entry when they failed). */
  readonly done: number;
  /** The process's id (undefined when it could not start). */
  readonly pid: number | undefined;
  /**
   * No more images: resolves when the process has ended, with why it failed if it did (null when it did not). An
   * image it did not encode has no cache entry, and the image stage encodes that one in its own process.
   */
  finish(progress?: (done: number, total: number) => void): Promise<string | null>;
  /**
   * Ends the process at once and removes the files of the cache entries it was writing; those it finished stay,
   * for the image stage or the next build.
   */
  stop(): Promise<void>;
}

export function startEncoderProcess(options: EncoderOptions): EncoderProcess {
  const sent = new Set<string>();
  const keys: string[] = [];
  let child: ChildProcess | undefined;
  let failure: string | null = null;
  let done = 0;
  let report: ((done: number, total: number) => void) | undefined;
  const ended = new Promise<string | null>((resolve) => {
    try {
      child = fork(IMAGE_ENCODER_ENTRY, [String(options.limit)], {
        // glibc gives each thread that allocates its own malloc arena, and libvips' threads keep theirs filled: two
        // arenas cost little time and much memory less. Blocks from 64 KB are mapped apart, so an image's buffers go
        // back to the system when it is done (docs/speed.md has the figures).
        env: {
          ...process.env,
          MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
          MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "65536",
        },
        execArgv: [],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
    } catch (err) {
      resolve((failure = (err as Error).message));
      return;
    }
    if (options.background && child.pid !== undefined) {
      try {
        setPriority(child.pid, 19);
      } catch {
        /* a system that refuses it runs the encoder at the build's priority: slower to share, still correct */
      }
    }
    child.on("message", (m: EncoderMessage) => {
      done = m.done;
      report?.(done, sent.size);
    });
    child.on("error", (err) => resolve((failure ??= err.message)));
    child.on("exit", (code, signal) =>
      resolve((failure ??= code === 0 ? null : signal ? `ended by ${signal}` : `exit code ${code}`)),
    );
  });
  const send = (m: EncoderRequest) => {
    if (failure === null && child?.connected) child.send(m, () => {});
  };
  return {
    sent,
    get done() {
      return done;
    },
    pid: child?.pid,
    add(sources) {
      const fresh = sources.filter((s) => !sent.has(s.src));
      for (const s of fresh) {
        sent.add(s.src);
        keys.push(s.key);
      }
      if (fresh.length) send({ cache: options.cache.handle(), sources: fresh });
    },
    finish(progress) {
      report = progress;
      if (done) report?.(done, sent.size);
      send({ end: true });
      return ended;
    },
    async stop() {
      const pid = child?.pid;
      if (!child || pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      child.kill();
      await ended;
      const partial = keys.flatMap((key) => partialFilesOf(options.cache, key, pid));
      await Promise.all(partial.map((file) => rm(file, { force: true })));
    },
  };
}
