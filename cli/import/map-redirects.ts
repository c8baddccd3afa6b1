// @docusaurus/plugin-client-redirects' options as `redirects` in site.config.json: `redirects` (from/to), the
// extensions, and `createRedirects` when it is a function of the path alone. That function is written into the new
// project as an ES module (redirects.mjs) that the build runs without imports (cli/redirects/); one that reads
// anything besides its argument (an imported list, `require`) cannot run there and is named in the report instead.
import type { Loose } from "./docusaurus-config.ts";
import vm from "node:vm";
import { isFunctionRef } from "./load-module.ts";

export interface MappedRedirects {
  redirects?: Loose;
  /** The module to write into the new project: its name and text. */
  module?: { file: string; text: string };
  mapped: string[];
  skipped: string[];
}

export const REDIRECTS_MODULE = "redirects.mjs";

const strings = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === "string");

/** The source of a function as an expression (a method `f(x) {…}` becomes `function f(x) {…}`). */
function expressionOf(fn: string): string {
  const src = fn.trim();
  if (/^(async\s+)?(function\b|\(|[\w$]+\s*=>)/.test(src)) return src;
  return `function ${src.replace(/^async\s+/, "")}`;
}

/**
 * A function that runs alone: evaluated in an empty context and tried, without failing, on paths like the site's
 * (`paths`: its docs and pages as Docusaurus would route them, roughly), so its branches for those run too.
 */
function pureSource(fn: string, paths: string[]): string | null {
  try {
    const src = expressionOf(fn);
    const alone = vm.runInNewContext(`(${src})`, {}, { timeout: 1000 }) as (p: string) => unknown;
    for (const p of ["/", "/docs/intro", "/blog/2024/01/01/post", "/docs/next/guide/x", ...paths]) alone(p);
    return src;
  } catch {
    return null;
  }
}

export function mapRedirects(options: Loose | undefined, paths: string[] = []): MappedRedirects {
  const out: MappedRedirects = { mapped: [], skipped: [] };
  const o: Loose = options && typeof options === "object" ? options : {};
  const redirects: Loose = {};
  const rules: Loose[] = [];
  for (const r of Array.isArray(o.redirects) ? o.redirects : []) {
    const from = strings(r?.from).filter((f) => f.startsWith("/"));
    const to = typeof r?.to === "string" ? r.to : undefined;
    if (from.length && to && /^(\/|https?:\/\/)/.test(to)) rules.push({ from: from.length === 1 ? from[0] : from, to });
    else out.skipped.push(`client redirect ${JSON.stringify(r)}: "from" must be site paths and "to" a path or URL`);
  }
  if (rules.length) redirects.rules = rules;
  const ext = (v: unknown) =>
    strings(v)
      .map((e) => e.replace(/^\./, ""))
      .filter((e) => /^[A-Za-z0-9]+$/.test(e));
  if (ext(o.fromExtensions).length) redirects.fromExtensions = ext(o.fromExtensions);
  if (ext(o.toExtensions).length) redirects.toExtensions = ext(o.toExtensions);
  // A function, or the config's function as the import's evaluation hands it over (its source: load-module.ts).
  const given: unknown = o.createRedirects;
  const fnSource =
    typeof given === "function"
      ? given.toString()
      : isFunctionRef(given)
        ? (given.$source ?? "function () { throw new Error(); }")
        : undefined;
  if (fnSource !== undefined) {
    const src = pureSource(fnSource, paths);
    if (src) {
      redirects.module = REDIRECTS_MODULE;
      out.module = {
        file: REDIRECTS_MODULE,
        text:
          "// createRedirects of @docusaurus/plugin-client-redirects, carried over by `docsite import`.\n" +
          "// docsite runs it alone (no imports, no require) for every page path.\n" +
          `export const createRedirects = ${src};\n`,
      };
    } else
      out.skipped.push(
        "client redirects: createRedirects reads values from outside itself (imports, require), so it cannot run alone; its redirects are not carried over",
      );
  }
  if (Object.keys(redirects).length) {
    out.redirects = redirects;
    const parts = [
      ...(rules.length ? [`${rules.length} rule(s)`] : []),
      ...(redirects.fromExtensions ? [`fromExtensions ${redirects.fromExtensions.join(", ")}`] : []),
      ...(redirects.toExtensions ? [`toExtensions ${redirects.toExtensions.join(", ")}`] : []),
      ...(redirects.module ? ["createRedirects"] : []),
    ];
    out.mapped.push(
      `client redirects: ${parts.join(", ")} (static redirect pages, and _redirects for hosts that read it)`,
    );
  }
  return out;
}
