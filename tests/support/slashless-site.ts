// tests/fixtures/docusaurus-trailing-false imported with `docsite import` and built: a Docusaurus site published
// with `trailingSlash: false` (or with its config edited to another setting), plus a home page so that the site's
// and the locales' roots exist.
import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { importDocusaurus, type ImportReport } from "../../cli/import/index.ts";
import { buildSite } from "./site.ts";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "docusaurus-trailing-false");
const HOME =
  'export const meta = { title: "theme.blog.title" };\n' +
  'export default function Home() { return <main id="main-content"><a href="/docs/next/">Start</a></main>; }\n';

export async function slashlessSite(
  work: string,
  name: string,
  trailingSlash: "false" | "true" | "undefined" = "false",
): Promise<{ out: string; dist: string; report: ImportReport }> {
  const src = join(work, `${name}-src`);
  await cp(fixture, src, { recursive: true });
  const configFile = join(src, "docusaurus.config.js");
  const config = await readFile(configFile, "utf8");
  await writeFile(configFile, config.replace("trailingSlash: false,", `trailingSlash: ${trailingSlash},`));
  const out = join(work, name);
  const report = await importDocusaurus(src, out);
  await mkdir(join(out, "content", "pages"), { recursive: true });
  await writeFile(join(out, "content", "pages", "index.tsx"), HOME);
  await buildSite(out, { outDir: join(out, "dist") });
  return { out, dist: join(out, "dist"), report };
}
