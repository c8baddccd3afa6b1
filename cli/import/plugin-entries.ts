// The config's presets, plugins and themes as one list of what each is (plugin-names.ts says which package an entry
// names, whichever way it is written): the classic preset expands into its docs, blog and pages instances and the
// classic theme's options, as Docusaurus expands it; every other entry is one plugin. The import maps the kinds it
// knows (content, redirects, Sass, the theme's CSS) and names the others.
import { relative } from "node:path";
import type { ContentPluginOptions, DocusaurusConfig, Loose } from "./docusaurus-config.ts";
import { isFunctionRef, isStub } from "./load-module.ts";
import { type EntryKind, packageOfPath, resolveEntryName } from "./plugin-names.ts";

export type PluginKind = "docs" | "blog" | "pages" | "redirects" | "sass" | "theme-classic" | "other";

export interface PluginEntry {
  kind: PluginKind;
  /** The instance id (content plugins): "default" unless the options give one. */
  id: string;
  options: ContentPluginOptions;
  /** How the report names it: the package, the module path from the site, or the function. */
  label: string;
  /** Where it came from: "preset" (the classic preset's part), "plugin" or "theme". */
  from: EntryKind;
  /** The config's own value for a plugin or theme (a name, a module path, a function): where its code is. */
  entry?: unknown;
}

const KIND_OF: Record<string, PluginKind> = {
  "@docusaurus/plugin-content-docs": "docs",
  "@docusaurus/plugin-content-blog": "blog",
  "@docusaurus/plugin-content-pages": "pages",
  "@docusaurus/plugin-client-redirects": "redirects",
  "docusaurus-plugin-sass": "sass",
  "@docusaurus/theme-classic": "theme-classic",
};

/** Presets Docusaurus users take the classic preset's parts from (docs, blog, pages, theme). */
const CLASSIC_PRESETS = new Set(["@docusaurus/preset-classic"]);

const optionsOf = (v: unknown): Loose => (v && typeof v === "object" && !Array.isArray(v) ? (v as Loose) : {});

function describe(name: unknown, siteDir: string): string {
  if (typeof name === "string") return name.startsWith("/") ? relative(siteDir, name) || name : name;
  if (isFunctionRef(name))
    return `${name.$fn || "(a function)"}${name.$module ? ` from ${name.$module.startsWith("/") ? relative(siteDir, name.$module) : name.$module}` : " written in the config"}`;
  if (isStub(name)) return `${name.$stub} (not installed)`;
  const n = optionsOf(name).name;
  return typeof n === "string" ? n : "(an object)";
}

/**
 * The package an entry's name stands for: a string as Docusaurus resolves it; a function imported from a package
 * (`import docs from "@docusaurus/plugin-content-docs"`, then `[docs, {…}]`) by the module it came from.
 */
function packageOfEntry(name: unknown, kind: EntryKind, siteDir: string): string | undefined {
  if (typeof name === "string") return resolveEntryName(name, kind, siteDir);
  if (isFunctionRef(name) && name.$module && !name.$module.startsWith("/"))
    return packageOfPath(name.$file ?? "") ?? resolveEntryName(name.$module, kind, siteDir);
  return undefined;
}

export interface PluginEntries {
  entries: PluginEntry[];
  /** Presets that are not the classic one (Docusaurus would run them; the import does not). */
  skipped: string[];
}

export function pluginEntries(dc: DocusaurusConfig, siteDir: string): PluginEntries {
  const entries: PluginEntry[] = [];
  const skipped: string[] = [];
  const split = (p: unknown): [unknown, Loose] => (Array.isArray(p) ? [p[0], optionsOf(p[1])] : [p, {}]);
  const list = (v: unknown) => (Array.isArray(v) ? v : []).filter((p) => p !== false && p !== null && p !== undefined);

  for (const p of list(dc.presets)) {
    const [name, opts] = split(p);
    const pkg = typeof name === "string" ? resolveEntryName(name, "preset", siteDir) : undefined;
    if (!pkg || !CLASSIC_PRESETS.has(pkg)) {
      skipped.push(`preset ${describe(name, siteDir)}: only the classic preset is read`);
      continue;
    }
    // The classic preset: `docs`, `blog`, `pages` (false: none) and `theme`, each its plugin's options.
    for (const kind of ["docs", "blog", "pages"] as const)
      if (opts[kind] !== false)
        entries.push({ kind, id: "default", options: optionsOf(opts[kind]), label: kind, from: "preset" });
    entries.push({ kind: "theme-classic", id: "default", options: optionsOf(opts.theme), label: pkg, from: "preset" });
  }
  for (const [field, kindOfEntry] of [
    ["plugins", "plugin"],
    ["themes", "theme"],
  ] as const)
    for (const p of list(dc[field])) {
      const [name, opts] = split(p);
      const pkg = packageOfEntry(name, kindOfEntry, siteDir);
      const kind: PluginKind = (pkg ? KIND_OF[pkg] : undefined) ?? "other";
      const id = typeof opts.id === "string" ? opts.id : "default";
      entries.push({
        kind,
        id,
        options: opts,
        label: pkg && !pkg.startsWith("/") ? pkg : describe(name, siteDir),
        from: kindOfEntry,
        entry: p,
      });
    }
  return { entries, skipped };
}
