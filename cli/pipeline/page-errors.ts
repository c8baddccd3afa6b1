// Collects the errors of many pages so a build reports all of them at once (a migration is fixed in one pass)
// instead of stopping at the first page that fails.
import { DocsiteError, location } from "../log.ts";

/** How many page errors one build lists before it stops collecting. */
export const PAGE_ERROR_CAP = 50;

/** Several page errors in one: `errors` keeps each, the message lists them with file and line. */
export class PageErrors extends DocsiteError {
  constructor(
    readonly errors: DocsiteError[],
    readonly more: number,
  ) {
    const lines = errors.map((e) => `${location(e.where) || "(no file)"} ${e.message}`);
    if (more) lines.push(`… and ${more} more`);
    super(
      `${errors.length + more} pages failed:\n  ${lines.join("\n  ")}`,
      {},
      "fix each page named above; the build lists every failing page at once",
      // --debug shows the first failure's stack.
      errors[0]?.cause ?? errors[0],
    );
    this.name = "PageErrors";
  }
}

/** Turns any failure while handling a page into a DocsiteError that names the page. */
function pageError(err: unknown, file: string): DocsiteError {
  if (err instanceof DocsiteError) {
    if (err.where.file) return err;
    return new DocsiteError(err.message, { ...err.where, file }, err.hint);
  }
  const e = err as Error;
  const message = e?.message ?? String(err);
  // Errors raised by MDX content while rendering (a component that throws, a missing one) carry no position.
  return new DocsiteError(
    `page failed to render: ${message.split("\n")[0]}`,
    { file },
    "check the components and expressions this page uses",
  );
}

export class PageErrorCollector {
  private readonly errors: DocsiteError[] = [];
  private dropped = 0;
  private readonly seen = new Set<string>();

  /** `cap`: how many errors are kept (all of them when a build skips failing pages and lists each). */
  constructor(private readonly cap: number = PAGE_ERROR_CAP) {}

  add(err: unknown, file: string): void {
    const e = pageError(err, file);
    // A page shown in two locales (a missing translation) fails twice in the same way: list it once.
    const key = `${location(e.where)}\0${e.message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (this.errors.length >= this.cap) this.dropped++;
    else this.errors.push(e);
  }

  /** The collected errors (at most the cap). */
  list(): DocsiteError[] {
    return [...this.errors];
  }

  get count(): number {
    return this.errors.length + this.dropped;
  }

  /** Throws the one error as it is, or all of them in one PageErrors. */
  throwIfAny(): void {
    if (!this.errors.length) return;
    const sorted = [...this.errors].sort(
      (a, b) => (a.where.file ?? "").localeCompare(b.where.file ?? "") || (a.where.line ?? 0) - (b.where.line ?? 0),
    );
    if (sorted.length === 1 && !this.dropped) throw sorted[0];
    throw new PageErrors(sorted, this.dropped);
  }
}

/** The plans without the pages that failed to compile; failed docs count as drafts, so sidebars skip them. */
export function withoutFailed<
  D extends { locale: string; source: { file: string }; version: { name: string }; id: string },
  B extends { locale: string; source: { file: string } },
>(
  docs: D[],
  blog: B[],
  drafts: Set<string>,
  compiled: Map<string, unknown>,
): { docs: D[]; blog: B[]; drafts: Set<string> } {
  const ok = (p: { locale: string; source: { file: string } }) => compiled.has(`${p.locale}|${p.source.file}`);
  const failedIds = new Set(docs.filter((d) => !ok(d)).map((d) => `${d.version.name}|${d.id}`));
  return {
    docs: docs.filter((d) => ok(d) && !failedIds.has(`${d.version.name}|${d.id}`)),
    blog: blog.filter(ok),
    drafts: new Set([...drafts, ...failedIds]),
  };
}
