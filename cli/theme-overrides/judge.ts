// Which of a site's theme overrides docsite can run, read from their sources without bundling them (the import runs
// this before the site's packages are installed): an override can run when everything it imports from
// `@docusaurus/*` and `@theme/*` (itself and the site files it imports) is something docsite provides, or another
// override that can run. The reason for one that cannot names the file and line of the import.
import { existsSync, readFileSync } from "node:fs";
import { posix } from "node:path";
import { applyAliases } from "../config/aliases.ts";
import { findScript } from "../mdx/modules.ts";
import { docusaurusModule, themeModule } from "../../theme/mdx/docusaurus.tsx";
import { ownThemeComponent } from "../../theme/layout/own-theme.tsx";

export interface RefusedOverride {
  name: string;
  file: string;
  /** Where the import docsite cannot give is written (the override's file or a site file it imports). */
  at: { file: string; line: number };
  reason: string;
}

export interface OverrideJudgement {
  /** Name → file of the overrides docsite can run. */
  usable: Record<string, string>;
  refused: RefusedOverride[];
}

interface ImportDecl {
  spec: string;
  /** Imported names (`default` for a default import), null for a namespace import or a bare `import "x"`. */
  names: string[] | null;
  line: number;
}

const SITE = { baseUrl: "/", title: "", url: "" };

/** The value imports of a module's source (type-only imports left out), with their lines. */
export function importsOf(source: string): ImportDecl[] {
  const out: ImportDecl[] = [];
  const re =
    /(?:^|[\n;])\s*(import|export)\s+(type\s+)?(?:([\w$]+\s*,?\s*)?(\*\s+as\s+[\w$]+|\{[^}]*\})?\s*from\s*)?["']([^"']+)["']/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    if (m[2]) continue;
    const line = source.slice(0, m.index + m[0].indexOf(m[1])).split("\n").length;
    const [, kind, , def, rest, spec] = m;
    if (kind === "export" && !rest) continue;
    let names: string[] | null = [];
    if (def?.trim()) names.push("default");
    if (rest?.startsWith("*")) names = kind === "export" ? [] : null;
    else if (rest)
      for (const part of rest.slice(1, -1).split(",")) {
        const p = part.trim();
        if (!p || p.startsWith("type ")) continue;
        names?.push(p.split(/\s+as\s+/)[0].trim());
      }
    if (!def && !rest && kind === "import") names = null;
    out.push({ spec, names, line });
  }
  return out;
}

/** Why docsite cannot give `names` of `@docusaurus/<module>`, or null when it can. */
function docusaurusGap(module: string, names: string[] | null): string | null {
  const m = docusaurusModule(module, SITE) as Record<string, unknown> | undefined;
  const has = m && Object.values(m).some((v) => v !== undefined);
  if (!has) return `docsite does not provide @docusaurus/${module}`;
  const missing = (names ?? []).filter((n) => m[n] === undefined);
  return missing.length ? `docsite's @docusaurus/${module} has no ${missing.join(", ")}` : null;
}

/** Whether docsite has its own component for a theme name (the layout's or content's). */
const hasOwn = (name: string): boolean =>
  ownThemeComponent(name) !== undefined || themeModule(name).default !== undefined;

/**
 * Judges the overrides (`name → file`, site-relative) of the site in `rootDir`: each can run, or is refused with the
 * first import docsite cannot give.
 */
export function judgeOverrides(
  rootDir: string,
  overrides: Record<string, string>,
  aliases: Record<string, string> = {},
): OverrideJudgement {
  const verdicts = new Map<string, RefusedOverride | null>();
  const judging = new Set<string>();

  /** The first gap of a site file and the site files it imports, or null. */
  const fileGap = (
    file: string,
    name: string,
    seen: Set<string>,
  ): { at: { file: string; line: number }; reason: string } | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    let source: string;
    try {
      source = readFileSync(posix.join(rootDir, file), "utf8");
    } catch {
      return { at: { file, line: 1 }, reason: `${file} cannot be read` };
    }
    for (const d of importsOf(source)) {
      const at = { file, line: d.line };
      const theme = /^@theme(-original|-init)?\/(.+)$/.exec(d.spec);
      if (theme) {
        const target = theme[2];
        // `@theme/X` is the site's X when it has one (X itself inside X means docsite's own, as a wrapper means).
        if (!theme[1] && target !== name && overrides[target]) {
          const v = verdict(target);
          if (v) return { at, reason: `it uses @theme/${target} (${v.file}), which docsite cannot run either` };
          continue;
        }
        if (!hasOwn(target))
          return { at, reason: `it imports ${d.spec}: docsite has no component ${target} of its own` };
        continue;
      }
      if (d.spec.startsWith("@docusaurus/")) {
        const gap = docusaurusGap(d.spec.slice("@docusaurus/".length), d.names);
        if (gap) return { at, reason: `it imports ${d.spec}: ${gap}` };
        continue;
      }
      let target: string | null = null;
      if (d.spec.startsWith("@site/")) target = applyAliases(d.spec.slice("@site/".length), aliases);
      else if (d.spec.startsWith(".")) target = posix.normalize(posix.join(posix.dirname(file), d.spec));
      if (target === null || /\.(css|s[ac]ss|json|svg|png|jpe?g|gif|webp|avif|mdx?)$/i.test(target)) continue;
      const script = findScript(rootDir, target);
      if (!script) {
        if (existsSync(posix.join(rootDir, target))) continue;
        return { at, reason: `it imports ${d.spec}: no such file` };
      }
      const gap = fileGap(script, name, seen);
      if (gap) return gap;
    }
    return null;
  };

  const verdict = (name: string): RefusedOverride | null => {
    if (verdicts.has(name)) return verdicts.get(name) ?? null;
    const file = overrides[name];
    if (judging.has(name)) return null; // a cycle between overrides: the render names it (cli/render/override-components.ts)
    judging.add(name);
    const gap = fileGap(file, name, new Set());
    judging.delete(name);
    const v = gap ? { name, file, ...gap } : null;
    verdicts.set(name, v);
    return v;
  };

  const usable: Record<string, string> = {};
  const refused: RefusedOverride[] = [];
  for (const name of Object.keys(overrides).sort()) {
    const v = verdict(name);
    if (v) refused.push(v);
    else usable[name] = overrides[name];
  }
  return { usable, refused };
}
