// `theme.customCss` of the classic preset: the site's stylesheets, carried over as `customCss` in site.config.json.
// docsite builds them after its theme (cli/brand/), maps Infima's custom properties onto its own and styles Infima's
// common classes, so the site keeps its colours and fonts. Paths come as written (`./src/css/custom.css`) or, from
// `require.resolve`/`path.resolve`, absolute (against the site folder, or the working folder the config was read
// from): they become paths from the site folder, and a stylesheet outside src/ is copied too. A package's stylesheet
// (`pkg/dist/x.css`) stays a package path, found in the new site's node_modules when it builds.
import { existsSync } from "node:fs";
import { isAbsolute, relative, sep } from "node:path";

const PACKAGE_PATH = /^(@[\w.-]+\/)?[\w.-]+\/.+\.(css|scss|sass)$/;

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
    if (!isAbsolute(entry) && !entry.startsWith(".") && PACKAGE_PATH.test(entry) && !existsSync(`${dir}/${entry}`)) {
      out.customCss.push(entry);
      continue;
    }
    let rel = (isAbsolute(entry) ? relative(dir, entry) : entry).split(sep).join("/").replace(/^\.\//, "");
    // Resolved against the working folder rather than the site's (`path.resolve("src/x.css")` read from elsewhere).
    if (isAbsolute(entry) && (rel.startsWith("../") || !existsSync(`${dir}/${rel}`))) {
      const fromCwd = relative(process.cwd(), entry).split(sep).join("/");
      if (!fromCwd.startsWith("../") && existsSync(`${dir}/${fromCwd}`)) rel = fromCwd;
    }
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
