// The dev server's background work: while no request or edit comes, the pages not compiled yet compile one at a
// time; then every link is checked across the site, and open pages reload if a title taken from content changed
// what sidebars show (until a page compiles, dev titles it by its source's first heading: dev-site.ts).
import { setImmediate as yieldToRequests } from "node:timers/promises";
import { isPageRoute } from "./dev-site.ts";
import type { DevPages } from "./dev-pages.ts";
import type { ProblemBoard } from "./problem-board.ts";
import type { LiveChannel } from "./live-channel.ts";
import type { Route } from "../routes/types.ts";
import { checkLinks, type LinkProblem } from "../links/check.ts";
import type { Logger } from "../log.ts";

/** What the background work waits on: requests being answered, edits being applied, the last of either. */
export interface Activity {
  /** performance.now() of the last request or file event. */
  last: number;
  /** Requests being answered (event streams aside). */
  inFlight: number;
  /** True while a batch of file changes is being applied. */
  busy: () => boolean;
  closed: boolean;
}

/**
 * What other pages draw of a page: its title (sidebars, prev/next, breadcrumbs, blog lists); its description only
 * where a generated index shows it on a card. Descriptions taken from content elsewhere (the page's own meta) are
 * no reason to reload every open page when the warm-up ends.
 */
function drawnElsewhere(routes: readonly Route[]): string {
  const onCards = new Set<string>();
  const walk = (nodes: ReadonlyArray<{ href?: string; items?: unknown }>) => {
    for (const n of nodes) {
      if (n.href) onCards.add(n.href);
      if (Array.isArray(n.items)) walk(n.items);
    }
  };
  for (const r of routes) if (r.kind === "doc" && r.generatedIndex) walk(r.generatedIndex.items);
  return JSON.stringify(
    routes.map((r) =>
      r.kind === "doc"
        ? [r.title, onCards.has(r.path) ? r.description : ""]
        : r.kind === "blogPost"
          ? [r.post.title, r.post.description]
          : null,
    ),
  );
}

export class WarmUp {
  constructor(
    private readonly pages: DevPages,
    private readonly problems: ProblemBoard,
    private readonly live: LiveChannel,
    private readonly logger: Logger,
    private readonly activity: Activity,
    /** The background compile waits until no request or edit came for this long. */
    private readonly idleMs: number,
  ) {}

  /** Compiles every page not compiled yet, one at a time; `whenIdle`: only while no request or edit comes. */
  async compilePending(whenIdle: boolean): Promise<void> {
    const site = this.pages.site;
    // On a terminal, the background compile shows its live line as a build's does (log.ts); the count is of the pages
    // pending when it began (a request may compile some of them first).
    const total = site.pendingPlans().length;
    let compiled = 0;
    const progress = () => this.logger.progress("compiling in the background", Math.min(compiled, total), total);
    if (total) progress();
    for (;;) {
      const a = this.activity;
      if (a.closed) {
        compiled = total;
        progress();
        return;
      }
      if (whenIdle && (a.inFlight > 0 || a.busy() || performance.now() - a.last < this.idleMs)) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const plan = site.pendingPlans()[0];
      if (!plan) {
        compiled = total;
        progress();
        return;
      }
      try {
        await site.compile(plan);
        this.problems.clear(`compile:${plan.source.file}`);
      } catch (err) {
        this.problems.report(`compile:${plan.source.file}`, err);
      }
      compiled++;
      progress();
      await yieldToRequests();
    }
  }

  /** The background warm-up: then every link is checked, and titles taken from content show in sidebars. */
  async run(): Promise<void> {
    const started = performance.now();
    await this.compilePending(true);
    const m = this.pages.site.model;
    if (this.activity.closed || !m) return;
    const before = drawnElsewhere(m.table.routes);
    if (!(await this.pages.loadModel())) return;
    const after = this.pages.site.model!;
    const byFile = new Map<string, LinkProblem[]>();
    for (const r of after.table.routes) if (isPageRoute(r)) byFile.set(r.origin, []);
    const extra = new Set([...after.extraFiles, ...this.pages.pageFiles.keys()]);
    for (const p of checkLinks(after.config, after.table, extra)) byFile.get(p.file)?.push(p);
    for (const [file, found] of byFile) this.pages.linkProblems(file, found);
    this.logger.info(`all pages compiled and checked (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    if (drawnElsewhere(after.table.routes) !== before) this.live.send({ type: "reload" });
  }
}
