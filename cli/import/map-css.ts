// `theme.customCss` of the classic preset: the site's stylesheets, carried over as `customCss` in site.config.json.
// docsite builds them after its theme (cli/brand/), maps Infima's custom properties onto its own and styles Infima's
// common classes, so the site keeps its colours and fonts. Paths come as written (`./src/css/custom.css`) or, from
// `require.resolve`, absolute: both become paths from the site folder; a stylesheet outside src/ is copied too.
import { existsSync } from "node:fs";
import { isAbsolute, relative, sep } from "node:path";

export interface MappedCss {
  /** Paths from the new site's folder. */
  customCss: string[];
  /** Files to copy (from the Docusaurus project, relative) that the import does not copy otherwise. */
  copy: string[];
  skipped: string[];
}

export function mapCustomCss(dir: string, entries: string[]): MappedCss {
  const out: MappedCss = { customCss: [], copy: [], skipped: [] };
  for (const entry of entries) {
    const rel = (isAbsolute(entry) ? relative(dir, entry) : entry).split(sep).join("/").replace(/^\.\//, "");
    if (rel.startsWith("../") || !existsSync(`${dir}/${rel}`)) {
      out.skipped.push(`theme.customCss ${entry}: not a file of the project`);
      continue;
    }
    if (!/\.(css|scss|sass)$/i.test(rel)) {
      out.skipped.push(`theme.customCss ${entry}: not a .css, .scss or .sass file`);
      continue;
    }
    out.customCss.push(rel);
    if (!rel.startsWith("src/")) out.copy.push(rel);
  }
  return out;
}
