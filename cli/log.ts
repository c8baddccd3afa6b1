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
  step(label: string): () => number;
  progress(label: string, done: number, total: number): void;
}

export function createLogger(opts: { quiet?: boolean } = {}): Logger {
  const tty = process.stderr.isTTY && !process.env.CI;
  let progressShown = false;
  const clear = () => {
    if (progressShown) process.stderr.write("\r\x1b[2K");
    progressShown = false;
  };
  return {
    info: (m) => {
      if (!opts.quiet) {
        clear();
        console.log(m);
      }
    },
    warn: (m) => {
      clear();
      console.warn(`${kleur.yellow("warn")} ${m}`);
    },
    error: (m) => {
      clear();
      console.error(m);
    },
    step(label) {
      const t0 = performance.now();
      return () => {
        const ms = performance.now() - t0;
        if (!opts.quiet) {
          clear();
          console.log(`${kleur.green("✓")} ${label} ${kleur.dim(`${ms.toFixed(0)} ms`)}`);
        }
        return ms;
      };
    },
    progress(label, done, total) {
      if (!tty || opts.quiet) return;
      progressShown = true;
      process.stderr.write(`\r\x1b[2K${kleur.dim(`${label} ${done}/${total}`)}`);
      if (done >= total) clear();
    },
  };
}
