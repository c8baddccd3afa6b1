// Terminal output: one place decides colours, prefixes and the shape of error reports.
import kleur from "kleur";

/** A problem the user can fix: it names the file, the line and what to do. */
export class DocsiteError extends Error {
  constructor(
    message: string,
    readonly where: { file?: string; line?: number; column?: number } = {},
    readonly hint?: string,
  ) {
    super(message);
    this.name = "DocsiteError";
  }
}

export function location(where: { file?: string; line?: number; column?: number }): string {
  if (!where.file) return "";
  return where.line ? `${where.file}:${where.line}${where.column ? `:${where.column}` : ""}` : where.file;
}

export function formatError(err: unknown): string {
  if (err instanceof DocsiteError) {
    const loc = location(err.where);
    return `${kleur.red("error")} ${loc ? kleur.bold(loc) + " " : ""}${err.message}${err.hint ? `\n  ${kleur.dim("→ " + err.hint)}` : ""}`;
  }
  const e = err as Error;
  return `${kleur.red("error")} ${e?.stack ?? String(err)}`;
}

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
