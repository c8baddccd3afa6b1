// The dev server's open problems, by what found them (`load`, `compile:<file>`, `links:<file>`…): each new or
// changed one is printed in the terminal, and the whole list goes to open pages, whose overlay shows it.
import { DocsiteError, formatError, type Logger } from "../log.ts";
import { PageErrors } from "../pipeline/page-errors.ts";
import type { LiveChannel, LiveProblem } from "./live-channel.ts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes
export const plain = (s: string): string => s.replace(/\x1b\[[0-9;]*m/g, "");

/** A failure as overlay entries: each page of a PageErrors, or the one error. */
function problemsOf(err: unknown): LiveProblem[] {
  const list = err instanceof PageErrors ? err.errors : [err];
  return list.map((e) =>
    e instanceof DocsiteError
      ? { file: e.where.file ?? "", line: e.where.line, column: e.where.column, message: e.message, hint: e.hint }
      : { file: "", message: plain(formatError(e)) },
  );
}

export class ProblemBoard {
  private readonly open = new Map<string, LiveProblem[]>();

  constructor(
    private readonly live: LiveChannel,
    private readonly logger: Logger,
  ) {}

  report(key: string, err: unknown): void {
    const list = problemsOf(err);
    if (JSON.stringify(this.open.get(key)) !== JSON.stringify(list)) this.logger.error(formatError(err));
    this.open.set(key, list);
    this.publish();
  }

  clear(key: string): void {
    if (this.open.delete(key)) this.publish();
  }

  get size(): number {
    return this.open.size;
  }

  /** The open problems as one error (for the error page). */
  asError(): DocsiteError {
    const errors = [...this.open.values()].flat().map((p) => new DocsiteError(p.message, p, p.hint));
    return errors.length === 1 ? errors[0] : new PageErrors(errors, 0);
  }

  private publish(): void {
    this.live.setProblems([...this.open.values()].flat());
  }
}
