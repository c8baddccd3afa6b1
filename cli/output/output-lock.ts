// `<out>.lock`: one build writes an output folder at a time. The lock says who holds it — pid, host name, the
// kernel's boot id, the process's start time — and the holder touches it every few seconds. A lock is stale, and
// taken over, when its writer is provably gone:
//  - same host and boot: the pid is not running, or runs a process started at another time (a pid reused: a
//    build that ran as PID 1 in a container and was killed leaves pid 1, which the next container's init has too);
//  - same host name, another boot: the machine restarted since;
//  - another host (a shared volume, or a container with another name), or a lock without these fields: its holder
//    has not touched it for STALE_AFTER_MS.
import { closeSync, openSync, readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { dirname, relative, resolve } from "node:path";
import { DocsiteError, systemReason } from "../log.ts";

export interface LockInfo {
  pid: number;
  host: string;
  started: string;
  /** /proc/sys/kernel/random/boot_id (Linux): changes at every boot. */
  boot?: string;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat): tells a reused pid apart. */
  since?: number;
}

/** How often the holder touches its lock. */
export const HEARTBEAT_MS = 5_000;
/** A lock from another host untouched this long is left by a build that is gone. */
export const STALE_AFTER_MS = 120_000;

const shown = (p: string) => {
  const rel = relative(process.cwd(), p);
  return rel === "" ? "." : rel.startsWith("..") ? resolve(p) : rel;
};

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
}

export const bootId = (): string | undefined => readText("/proc/sys/kernel/random/boot_id");

/** Start time of a process (clock ticks after boot), from /proc; undefined elsewhere or when it is gone. */
export function processStart(pid: number): number | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  // Fields after the command name, which is in parentheses and may hold spaces: state is field 3, starttime 22.
  const after = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
  const v = after ? Number(after[19]) : Number.NaN;
  return Number.isFinite(v) ? v : undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** This process's own description, as written into a lock. */
export function ownLock(): LockInfo {
  return {
    pid: process.pid,
    host: hostname(),
    started: new Date().toISOString(),
    boot: bootId(),
    since: processStart(process.pid),
  };
}

/** Locks this process holds now (an in-process build may meet its own pid in a lock that is not stale). */
const held = new Set<string>();

/** Null when the lock's writer is gone; otherwise why it is taken to be running. */
export function holderOf(file: string, other: LockInfo, me: LockInfo, now = Date.now()): string | null {
  const quiet = () => {
    try {
      return now - statSync(file).mtimeMs;
    } catch {
      return Number.POSITIVE_INFINITY;
    }
  };
  if (other.host === me.host && other.boot && me.boot && other.boot !== me.boot) return null; // restarted since
  if (other.host === me.host && (!other.boot || !me.boot || other.boot === me.boot)) {
    if (other.pid === me.pid) return held.has(resolve(file)) ? "this process" : null;
    if (!alive(other.pid)) return null;
    if (other.since !== undefined && me.since !== undefined) {
      const since = processStart(other.pid);
      if (since !== undefined && since !== other.since) return null; // the pid now belongs to another process
    }
    return "running";
  }
  // Another host: nothing to ask but the heartbeat.
  const age = quiet();
  return age > STALE_AFTER_MS ? null : `touched ${Math.round(age / 1000)} s ago`;
}

/**
 * Takes `<out>.lock`, taking over a stale one. Returns the release function; the lock is touched every
 * HEARTBEAT_MS until then.
 */
export function acquireLock(outDir: string): () => void {
  const file = `${outDir}.lock`;
  const mine = ownLock();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, `${JSON.stringify(mine)}\n`);
      closeSync(fd);
      held.add(resolve(file));
      const beat = setInterval(() => {
        try {
          const t = new Date();
          utimesSync(file, t, t);
        } catch {
          // gone or unwritable: the lock is released or its folder went; nothing to keep alive
        }
      }, HEARTBEAT_MS);
      beat.unref();
      return () => {
        clearInterval(beat);
        held.delete(resolve(file));
        try {
          const now = JSON.parse(readFileSync(file, "utf8")) as LockInfo;
          if (now.pid === process.pid && now.started === mine.started) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw lockError(file, err);
    }
    let other: LockInfo | null = null;
    try {
      other = JSON.parse(readFileSync(file, "utf8")) as LockInfo;
    } catch {
      other = null; // empty or half-written: the writer died between open and write
    }
    const why = other ? holderOf(file, other, mine) : null;
    if (other && why) {
      const where = other.host !== mine.host ? ` on ${other.host}` : "";
      throw new DocsiteError(
        `another docsite build (pid ${other.pid}${where}, started ${other.started}) is writing ${shown(outDir)}`,
        { file: shown(file) },
        `wait for it to finish, or pass another --out; remove ${shown(file)} only if no build is running` +
          (where
            ? ` (a lock from another host counts as left over once untouched for ${STALE_AFTER_MS / 60_000} minutes)`
            : ""),
      );
    }
    rmSync(file, { force: true }); // stale: its process is gone
  }
  throw new DocsiteError(`could not take the lock ${shown(file)}`, {}, "another build keeps taking it; try again");
}

export function lockError(file: string, err: unknown): DocsiteError {
  return new DocsiteError(
    `cannot create ${shown(file)} (${systemReason(err)})`,
    {},
    `check that ${shown(dirname(file))} exists and is writable`,
    err,
  );
}
