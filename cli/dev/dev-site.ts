// The dev server's model of the site, made lazily: config, strings, the content index (front matter included),
// the route table and sidebars are ready at once; each page's MDX compiles when the page is first needed (its
// request, an edit, or the background warm-up). Until then a page holds a placeholder with no headings or text,
// so the table can be built without compiling anything.
import type { SiteConfig } from "../config/types.ts";
import type { Strings } from "../i18n/strings.ts";
import { readSource, type ContentIndex, type DocSource, type BlogSource } from "../content/scan.ts";
import { planKey } from "../routes/table.ts";
import type { Route, RouteTable } from "../routes/types.ts";
import { contentTitle, firstParagraph } from "../mdx/page-meta.ts";
import { emptyCompiledMdx, type CompiledMdx } from "../mdx/compile.ts";
import { sourceHeading } from "../mdx/page-meta.ts";
import { docSlugs } from "../mdx/content-links.ts";
import { moduleContextOf, type ModuleContext } from "../mdx/modules.ts";
import { compileSettingsOf, portableSettings } from "../mdx/compile-settings.ts";
import { BuildCache } from "../cache/cache.ts";
import { CompiledPages, dependenciesHold } from "../cache/compiled-pages.ts";
import { checkCompiledPage } from "../pipeline/page-pass.ts";
import { PageErrorCollector } from "../pipeline/page-errors.ts";
import { createPool, inlinePool, poolSize, type BuildPool } from "../pipeline/pool.ts";
import { reviveError } from "../pipeline/task-errors.ts";
import { pageTimeLimitMs } from "../pipeline/time-limit.ts";
import type { CompilePage } from "../pipeline/worker.ts";
import { extraFiles, loadSources, routeTable, SiteProblems, type Plan } from "../site/load.ts";

export type { Plan };

export type PageRoute = Extract<Route, { kind: "doc" | "blogPost" }>;

interface DevModel {
  config: SiteConfig;
  strings: Map<string, Strings>;
  index: ContentIndex;
  table: RouteTable;
  plans: Plan[];
  /** Files the site has beside its routes (static/, feeds, sitemaps): link targets that are not pages. */
  extraFiles: Set<string>;
  /** Problems found while loading that do not stop it (`warn` severities). */
  warnings: string[];
}

/** One page's compiled MDX. The object lives as long as the page, so routes keep pointing at the current code. */
interface Slot {
  compiled: CompiledMdx;
  /** Hash of the source it was compiled from; null while it is a placeholder; STALE: last good code of an older one. */
  hash: string | null;
  /** Hash of a source that failed to compile (the warm-up does not try it again). */
  failed?: string;
  running?: Promise<CompiledMdx>;
}

/** Not any source's hash: the slot's code is from an older source or older partials, and compiles again. */
const STALE = "stale";

export const isPageRoute = (r: Route): r is PageRoute => r.kind === "doc" || r.kind === "blogPost";

/** What a content file's change means for the open pages. */
type SourceChange =
  /** Only the body changed: these pages recompile and are pushed to the browser. */
  | { kind: "body"; plans: Plan[] }
  /** Front matter, a new or removed file: the table and sidebars are made again. */
  | { kind: "layout" };

export class DevSite {
  model: DevModel | null = null;
  /** Every compile run, as `locale|file`, in order (a page served from the in-memory model is not compiled). */
  readonly compileLog: string[] = [];
  private slots = new Map<string, Slot>();
  private modules: ModuleContext | null = null;
  private slugs: ReturnType<typeof docSlugs> = new Map();
  private store: CompiledPages<CompiledMdx> | null = null;
  /** The build cache, as of the last load (the installed packages are part of its keys). */
  cache: BuildCache;
  /** The worker thread pages compile and render in, started on first use (idle, it does not keep the process up). */
  private pool: BuildPool | null = null;

  constructor(
    readonly root: string,
    /**
     * Told the warnings of each page as it compiles: the build's per-page warnings (no title, inline code, a layout
     * id: pipeline/page-pass.ts), in the same words.
     */
    private readonly onWarnings: (warnings: string[]) => void = () => {},
  ) {
    this.cache = BuildCache.forSite(root);
  }

  /** Config, strings, content index and route table; pages compiled before keep their code when unchanged. */
  async load(): Promise<DevModel> {
    const problems = new SiteProblems();
    const cache = BuildCache.forSite(this.root);
    this.cache = cache;
    const sources = await loadSources(this.root, { drafts: true, cache }, problems);
    const { config, index, docs, drafts, blog } = sources;
    const plans: Plan[] = [...docs, ...blog];
    const slots = new Map<string, Slot>();
    for (const p of plans) {
      const key = planKey(p);
      const old = this.slots.get(key);
      if (!old || old.hash === null) slots.set(key, newSlot(p.source.body));
      else {
        // A changed source or partial compiles again; until it does (or while it fails) the page shows its last code.
        if (old.hash !== p.source.hash || !dependenciesHold(old.compiled.depHashes, this.root)) old.hash = STALE;
        slots.set(key, old);
      }
    }
    this.slots = slots;
    this.modules = moduleContextOf(config);
    this.slugs = docSlugs(index.docs, index.blog);
    const settings = compileSettingsOf(config);
    this.store = new CompiledPages<CompiledMdx>(
      cache,
      { settings: portableSettings(settings), slugs: [...this.slugs] },
      this.root,
    );
    const compiled = new Map([...slots].map(([k, s]) => [k, s.compiled]));
    const table = await routeTable(sources, { docs, drafts, blog }, compiled, problems, {
      cache,
      slugs: this.slugs,
    });
    const model: DevModel = {
      config,
      strings: sources.strings,
      index,
      table,
      plans,
      extraFiles: extraFiles(config),
      warnings: problems.warnings,
    };
    this.model = model;
    return model;
  }

  /** The plan behind a doc or blog post route; none for a page made without a content file (a generated index). */
  planOf(route: PageRoute): Plan | undefined {
    const key = planKey({ locale: route.locale, source: route.source });
    return this.model?.plans.find((p) => planKey(p) === key);
  }

  /** True while the page has not been compiled (its headings, links and text are not known yet). */
  isPending(c: CompiledMdx): boolean {
    return slotOf.get(c)?.hash === null;
  }

  /** Plans not compiled yet, in route order (the warm-up's queue). */
  pendingPlans(): Plan[] {
    return (this.model?.plans ?? []).filter((p) => {
      const slot = this.slots.get(planKey(p));
      return slot && slot.hash !== p.source.hash && slot.failed !== p.source.hash;
    });
  }

  /**
   * Compiles the page's current source (from the compile cache when it was compiled before) into its slot.
   * An error (syntax, an unknown component, a missing partial) names the file and line; the slot then keeps the
   * last code that compiled, so the page still shows.
   */
  compile(plan: Plan): Promise<CompiledMdx> {
    const slot = this.slots.get(planKey(plan));
    const store = this.store;
    if (!slot || !this.model || !this.modules || !store)
      throw new Error(`internal: ${plan.source.file} is not in the model`);
    const { config } = this.model;
    const source = plan.source;
    const hash = source.hash;
    if (slot.hash === hash) return Promise.resolve(slot.compiled);
    const slugs = this.slugs;
    const run = async (): Promise<CompiledMdx> => {
      slot.failed = hash; // until it succeeds
      this.compileLog.push(planKey(plan));
      const page = { file: source.file, body: source.body, bodyOffset: source.bodyOffset, locale: plan.locale };
      // A page from the cache comes with its code read: the dev server keeps it as long as it runs.
      let c = store.get(page, true);
      if (!c) {
        c = await this.compileInWorker(config, slugs, page);
        await store.put(page, c);
      }
      // The build's checks of a compiled page, as the build runs them (its warnings are told even when it fails).
      const errors = new PageErrorCollector();
      this.onWarnings(checkCompiledPage(source, c, errors, new Set()));
      errors.throwIfAny();
      fill(slot.compiled, c);
      slot.hash = hash;
      slot.failed = undefined;
      return slot.compiled;
    };
    // One compile of a slot at a time; a newer source compiles after the one under way.
    const previous = slot.running ?? Promise.resolve(slot.compiled);
    const mine: Promise<CompiledMdx> = previous
      .catch(() => slot.compiled)
      .then(() => (slot.hash === hash ? slot.compiled : run()))
      .finally(() => {
        if (slot.running === mine) slot.running = undefined;
      });
    slot.running = mine;
    return mine;
  }

  /** The worker thread pages compile and render in (this thread with DOCSITE_WORKERS=0). */
  workers(): BuildPool {
    this.pool ??= poolSize() === 0 ? inlinePool : createPool(1);
    return this.pool;
  }

  /**
   * Compiles a page in a worker thread, as the build does: there the page time limit can stop a page that compiles
   * forever (pipeline/time-limit.ts), which in this thread would hold the whole server.
   */
  private async compileInWorker(
    config: SiteConfig,
    slugs: ReturnType<typeof docSlugs>,
    page: CompilePage,
  ): Promise<CompiledMdx> {
    const batch = { settings: compileSettingsOf(config), slugs: [...slugs], pages: [page] };
    const [r] = await this.workers().compile(batch, pageTimeLimitMs(config));
    if (!r.ok) throw reviveError(r.error);
    return r.value;
  }

  /**
   * Reads a changed content file again. When only its body changed, the pages showing it are all that need
   * doing; otherwise (front matter, a file that is new to the model) the table must be made again.
   */
  async sourceChanged(abs: string): Promise<SourceChange> {
    const model = this.model;
    if (!model) return { kind: "layout" };
    const next = await readSource(model.config, abs);
    if (!next) return { kind: "layout" };
    const all: Array<DocSource | BlogSource> = [...model.index.docs, ...model.index.blog];
    const old = all.find((s) => s.file === next.file);
    if (!old || JSON.stringify(old.data) !== JSON.stringify(next.data)) return { kind: "layout" };
    if (old.kind === "blog" && next.kind === "blog" && old.slug !== next.slug) return { kind: "layout" };
    const plans = model.plans.filter((p) => p.source === old);
    const before = plans.map((p) => this.slots.get(planKey(p))?.compiled).find(Boolean);
    const shown = before && this.derived(old, before);
    old.body = next.body;
    old.bodyOffset = next.bodyOffset;
    old.hash = next.hash;
    // A page without a front matter title takes it from its `# Heading`: sidebars and prev/next show it.
    if (shown !== undefined && !this.isPending(before!)) {
      const after = await this.compile(plans[0]);
      if (this.derived(old, after) !== shown) return { kind: "layout" };
    }
    return { kind: "body", plans };
  }

  /** The title and description the table takes from a page's content (when the front matter lacks them). */
  private derived(source: DocSource | BlogSource, c: CompiledMdx): string {
    const d = source.data;
    return JSON.stringify([d.title ?? contentTitle(c) ?? null, d.description ?? firstParagraph(c)]);
  }

  /** Routes showing a plan's page (one, or more for a page shown in a locale that has no translation). */
  routesOf(plans: Plan[]): PageRoute[] {
    const keys = new Set(plans.map(planKey));
    return (this.model?.table.routes ?? []).filter(
      (r): r is PageRoute => isPageRoute(r) && keys.has(planKey({ locale: r.locale, source: r.source })),
    );
  }
}

const slotOf = new WeakMap<CompiledMdx, Slot>();
function newSlot(body?: string): Slot {
  const slot: Slot = { compiled: emptyCompiledMdx(), hash: null };
  // Until it compiles, the page is titled by its source's first heading (as it will be after, in the plain cases):
  // otherwise every sidebar showed file names until the warm-up's end, which then reloaded every open page.
  const heading = body === undefined ? undefined : sourceHeading(body);
  if (heading) slot.compiled.headings = [{ ...heading, id: "" }];
  slotOf.set(slot.compiled, slot);
  return slot;
}

/** Replaces every field of a slot's object, so routes holding it see the new code. */
function fill(target: CompiledMdx, from: CompiledMdx): void {
  for (const k of Object.keys(target) as Array<keyof CompiledMdx>) if (!(k in from)) delete target[k];
  Object.assign(target, from);
}
