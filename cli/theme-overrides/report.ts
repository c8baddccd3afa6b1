// What `docsite import` says of a Docusaurus site's theme overrides (src/theme/ but MDXComponents): which it carries
// into docusaurus.themeOverrides and where they are drawn, and which docsite cannot run, with file, line and reason.
import { findThemeOverrides } from "./find.ts";
import { judgeOverrides } from "./judge.ts";
import { DRAWN_NAMES, NOT_OVERRIDES } from "./names.ts";

export interface OverridesReport {
  /** For docusaurus.themeOverrides: the overrides docsite can run, by name. */
  themeOverrides: Record<string, string>;
  mapped: string[];
  skipped: string[];
}

/** The report of the overrides of the Docusaurus site in `dir` (empty for a site without src/theme). */
export function reportOverrides(dir: string): OverridesReport {
  const found = findThemeOverrides(dir).filter((o) => !NOT_OVERRIDES.has(o.name));
  if (!found.length) return { themeOverrides: {}, mapped: [], skipped: [] };
  const all = Object.fromEntries(found.map((o) => [o.name, o.file]));
  const { usable, refused } = judgeOverrides(dir, all);
  const names = Object.keys(usable);
  const drawn = names.filter((n) => n in DRAWN_NAMES);
  const parts = names.filter((n) => !(n in DRAWN_NAMES));
  const mapped: string[] = [];
  if (drawn.length)
    mapped.push(
      `theme overrides in src/theme/ drawn where docsite draws those parts (${drawn.length}): ${drawn.join(", ")}`,
    );
  if (parts.length)
    mapped.push(
      `theme overrides docsite draws no part for, available to the others as @theme/<Name> (${parts.length}): ` +
        parts.join(", "),
    );
  const skipped = refused.map(
    (r) =>
      `${r.at.file}:${r.at.line}: theme override ${r.name} not carried over, docsite cannot run it: ${r.reason}; ` +
      "docsite draws its own there",
  );
  return { themeOverrides: usable, mapped, skipped };
}
