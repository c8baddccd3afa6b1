// What a batch of saved files means for `docsite dev`: a page's body edit compiles that page alone and pushes its new
// HTML to the open browser; a change of the layout (config, strings, sidebars, front matter, a new or removed file,
// the theme, an imported project file) loads the model again and reloads open pages; static/ reloads them.
import { relative, sep } from "node:path";
import type { Batch } from "./change-queue.ts";
import type { DevPages } from "./dev-pages.ts";
import type { Plan } from "./dev-site.ts";
import type { ProblemBoard } from "./problem-board.ts";
import type { LiveChannel } from "./live-channel.ts";
import type { WarmUp } from "./warm-up.ts";
import { publicPath } from "../routes/public-url.ts";

/** A content page's source file (partials, in `_` folders, are read through the pages that import them). */
const SOURCE = /^content\/[^/]+\/(docs|blog)\/.+\.mdx?$/;

/** One line for the terminal per applied batch: the files, what happened, how long it took. */
function changeLine(files: string[], what: string, ms: number): string {
  const names = files.length > 3 ? `${files.slice(0, 3).join(", ")} and ${files.length - 3} more` : files.join(", ");
  return `${names}: ${what} in ${ms.toFixed(0)} ms`;
}

export function changeHandler(
  pages: DevPages,
  warmUp: WarmUp,
  problems: ProblemBoard,
  live: LiveChannel,
  log: (line: string) => void = () => undefined,
): (batch: Batch) => Promise<void> {
  const site = pages.site;
  return async (batch) => {
    const t0 = performance.now();
    const files = batch.map(([abs]) => relative(pages.root, abs).split(sep).join("/"));
    let layout = false;
    let theme = false;
    let reload = false;
    const edited: Plan[] = [];
    const sources: string[] = [];
    for (const [abs, event] of batch) {
      const rel = relative(pages.root, abs).split(sep).join("/");
      if (SOURCE.test(rel)) sources.push(rel);
      if (rel.startsWith("theme/")) theme = true;
      else if (rel.startsWith("static/")) reload = true;
      else if (event === "change" && SOURCE.test(rel) && site.model) {
        try {
          const change = await site.sourceChanged(abs);
          problems.clear(`source:${rel}`);
          if (change.kind === "layout") layout = true;
          else edited.push(...change.plans);
        } catch (err) {
          // Bad front matter: the page keeps its last good state; the overlay names the line.
          problems.report(`source:${rel}`, err);
        }
      } else layout = true;
    }
    if (theme) await pages.makeBundle();
    if (layout || theme) {
      pages.pageModules.clear();
      pages.sitePages.clear();
      if (await pages.loadModel()) {
        // Saved pages compile now, so their problems show before any page asks for them.
        const saved = new Set(sources);
        const plans = site.model!.plans.filter((p) => saved.has(p.source.file));
        for (const route of site.routesOf(plans)) await pages.preparePage(route).catch(() => undefined);
        live.send({ type: "reload" });
        log(
          changeLine(
            files,
            `site loaded again (${site.model!.table.routes.length} routes), open pages reloaded`,
            performance.now() - t0,
          ),
        );
        void warmUp.run();
      }
      // Otherwise the last good model stays and the overlay names the problem.
      return;
    }
    if (reload) live.send({ type: "reload" });
    pages.changed();
    const routes = site.routesOf(edited);
    let updated = 0;
    for (const route of routes) {
      try {
        // With no page open, the page is only compiled and checked (its problems still show in the terminal).
        if (!live.count) {
          await pages.preparePage(route);
          continue;
        }
        // The address the browser shows: slash-less with trailingSlash false.
        const path = site.model ? publicPath(site.model.config, route.path) : route.path;
        live.send({ type: "page", path, html: await pages.renderPatch(route) });
        updated++;
      } catch {
        /* reported: the open page keeps its content and shows the overlay */
      }
    }
    const what = live.count
      ? `${updated} of ${routes.length} page(s) updated in place`
      : `${routes.length} page(s) compiled and checked (no page open)`;
    if (routes.length) log(changeLine(files, what, performance.now() - t0));
    else if (reload) log(changeLine(files, "open pages reloaded", performance.now() - t0));
  };
}
