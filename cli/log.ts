// Terminal output: one place decides colours, prefixes and the shape of error reports.
import kleur from "kleur";

/** A problem the user can fix: it names the file, the line and what to do. */
export class DocsiteError extends Error {
  constructor(
    message: string,
    readonly where: { file?: string; line?: number; column?: number } = {},
    readonly hint?: string,
    /** The error behind this one (shown with --debug). */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "DocsiteError";
  }
}

export function location(where: { file?: string; line?: number; column?: number }): string {
  if (!where.file) return "";
  return where.line ? `${where.file}:${where.line}${where.column ? `:${where.column}` : ""}` : where.file;
}

/** Failures of the machine rather than of the site: a full disk, a read-only file system, an I/O error. */
const MACHINE_CODES = new Set(["ENOSPC", "EDQUOT", "EROFS", "EIO"]);

/**
 * Exit code of a failure: 1 for a problem in the site the user can fix, 2 for anything unexpected — a bug, or a
 * file-system error, also when a DocsiteError names it (a full disk while the output is swapped in).
 */
export const exitCodeOf = (err: unknown): 1 | 2 => {
  if (!(err instanceof DocsiteError)) return 2;
  const cause = err.cause as NodeJS.ErrnoException | undefined;
  return cause?.code && MACHINE_CODES.has(cause.code) ? 2 : 1;
};

/** "ENOSPC: no space left on device", or the code alone, for a system error; its message otherwise. */
export function systemReason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (!e?.code) return e?.message ?? String(err);
  const said = /^E[A-Z]+: ([^,]+)/.exec(e.message ?? "")?.[1];
  return said ? `${e.code}: ${said}` : e.code;
}

const SYSTEM_HINTS: Record<string, string> = {
  ENOENT: "check that the path exists",
  EACCES: "check the permissions of the path",
  EPERM: "check the permissions of the path",
  ENOSPC: "the disk is full: free some space and build again",
  EDQUOT: "the disk quota is used up: free some space and build again",
  EROFS: "the file system is read-only: write to a writable place (another --out), or remount it read-write",
  EIO: "the disk reported an input/output error: check it",
  EMFILE: "too many open files: raise the limit (ulimit -n) and build again",
  EADDRINUSE: "the port is taken: pass another --port or stop the other server",
  ENOTDIR: "a file is where a folder is expected",
  EISDIR: "a folder is where a file is expected",
};

/**
 * One report per failure: what failed (file, line, path) and what to do. Stack traces only with `debug`:
 * a DocsiteError is the user's to fix, a system error names its path, anything else is a docsite bug.
 */
export function formatError(err: unknown, opts: { debug?: boolean } = {}): string {
  const cause = err instanceof Error && err.cause instanceof Error ? `\ncaused by ${err.cause.stack}` : "";
  const stack = opts.debug && err instanceof Error && err.stack ? `\n${kleur.dim(err.stack + cause)}` : "";
  if (err instanceof DocsiteError) {
    const loc = location(err.where);
    return `${kleur.red("error")} ${loc ? kleur.bold(loc) + " " : ""}${err.message}${err.hint ? `\n  ${kleur.dim("→ " + err.hint)}` : ""}${stack}`;
  }
  const e = err as NodeJS.ErrnoException | undefined;
  if (e?.code && SYSTEM_HINTS[e.code]) {
    const what = e.path ? kleur.bold(relativePath(e.path)) + " " : "";
    const said = e.message.replace(/^E[A-Z]+: /, "").replace(/, \w+ '.*'$/s, "");
    return `${kleur.red("error")} ${what}${e.code}${e.syscall ? ` (${e.syscall})` : ""}: ${said}\n  ${kleur.dim(`→ ${SYSTEM_HINTS[e.code]}`)}${stack}`;
  }
  const message = err instanceof Error ? err.message.split("\n")[0] : String(err);
  return `${kleur.red("error")} unexpected failure: ${message}${
    stack || `\n  ${kleur.dim("→ run again with --debug for the stack trace, and report it if it persists")}`
  }`;
}

const relativePath = (p: string) => {
  const cwd = process.cwd();
  return p.startsWith(`${cwd}/`) ? p.slice(cwd.length + 1) : p;
};

export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
  /** Starts a stage; the function it returns ends it, prints its line (with `note` after the label) and its time. */
  step(label: string): (note?: string) => number;
  progress(label: string, done: number, total: number): void;
}

/** Where a logger writes: the process's stdout and stderr, or test streams. */
interface LogStreams {
  out: { write(s: string): unknown };
  err: { write(s: string): unknown; isTTY?: boolean };
}

/** A finished stage's line: `✓ label 123 ms`. Work that ran beside other stages says so in its label. */
export const stageLine = (label: string, ms: number) =>
  `${kleur.green("✓")} ${label} ${kleur.dim(`${ms.toFixed(0)} ms`)}`;

/** A stage's live line is drawn only once it has run this long: a short stage leaves no flicker. */
export const PROGRESS_AFTER_MS = 1000;
/** The live line is redrawn this often while its stage runs (its elapsed time moves even when no item finishes). */
const REDRAW_MS = 250;

/**
 * The build's terminal output. On a terminal (stderr a TTY, no `CI`), a stage that runs longer than a second shows
 * a live line in place on stderr (`compiling 120/368 · 1.4 s`), redrawn as items finish and as time passes, and
 * cleared before any other line; elsewhere (CI, a pipe) only whole lines are written.
 */
export function createLogger(opts: { quiet?: boolean; streams?: LogStreams; now?: () => number } = {}): Logger {
  const streams: LogStreams = opts.streams ?? { out: process.stdout, err: process.stderr };
  const now = opts.now ?? (() => performance.now());
  const tty = Boolean(streams.err.isTTY) && !process.env.CI;
  /** The stage whose live line is (or may be) shown: its label, count and when its first item was told. */
  let live: { label: string; done: number; total: number; since: number; shown: boolean } | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  const clear = () => {
    if (live?.shown) streams.err.write("\r\x1b[2K");
    if (live) live.shown = false;
  };
  const stop = () => {
    clear();
    live = undefined;
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  const draw = () => {
    if (!live) return;
    const ms = now() - live.since;
    if (ms < PROGRESS_AFTER_MS) return;
    live.shown = true;
    streams.err.write(
      `\r\x1b[2K${kleur.dim(`${live.label} ${live.done}/${live.total} · ${(ms / 1000).toFixed(1)} s`)}`,
    );
  };
  const line = (stream: { write(s: string): unknown }, m: string) => {
    clear();
    stream.write(`${m}\n`);
    draw();
  };
  return {
    info: (m) => {
      if (!opts.quiet) line(streams.out, m);
    },
    warn: (m) => line(streams.err, `${kleur.yellow("warn")} ${m}`),
    error: (m) => line(streams.err, m),
    step(label) {
      const t0 = now();
      return (note) => {
        const ms = now() - t0;
        if (!opts.quiet) line(streams.out, stageLine(note ? `${label} ${note}` : label, ms));
        return ms;
      };
    },
    progress(label, done, total) {
      if (!tty || opts.quiet) return;
      if (done >= total) {
        if (live?.label === label) stop();
        return;
      }
      if (live?.label !== label) {
        stop();
        live = { label, done, total, since: now(), shown: false };
        timer = setInterval(draw, REDRAW_MS);
        // The live line never keeps the process alive.
        timer.unref?.();
      }
      live.done = done;
      live.total = total;
      draw();
    },
  };
}
