// The dev server's background work: while no request or edit comes, the pages not compiled yet compile one at a
// time; then every link is checked across the site, and open pages reload if a title taken from content changed
// what sidebars show.
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

const titleOf = (r: Route) =>
  r.kind === "doc" ? [r.title, r.description] : r.kind === "blogPost" ? [r.post.title, r.post.description] : null;

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
    const before = JSON.stringify(m.table.routes.map(titleOf));
    if (!(await this.pages.loadModel())) return;
    const after = this.pages.site.model!;
    const byFile = new Map<string, LinkProblem[]>();
    for (const r of after.table.routes) if (isPageRoute(r)) byFile.set(r.origin, []);
    const extra = new Set([...after.extraFiles, ...this.pages.pageFiles.keys()]);
    for (const p of checkLinks(after.config, after.table, extra)) byFile.get(p.file)?.push(p);
    for (const [file, found] of byFile) this.pages.linkProblems(file, found);
    this.logger.info(`all pages compiled and checked (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    if (JSON.stringify(after.table.routes.map(titleOf)) !== before) this.live.send({ type: "reload" });
  }
}
