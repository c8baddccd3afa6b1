// The synthetic large site for `npm run bench`: this site with every docs page copied nine more times under
// copy-<n>/ folders (both locales), about 10× the routes, with the same page sizes, code blocks and links.
import { cp, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";

export async function syntheticSite(from: string, to: string, copies = 9): Promise<string> {
  await rm(to, { recursive: true, force: true });
  await mkdir(to, { recursive: true });
  for (const f of ["site.config.json", "i18n", "static", "content"])
    await cp(join(from, f), join(to, f), { recursive: true });
  // Custom pages import the theme by a relative path: point it at this repository's theme from the new place.
  const pagesDir = join(to, "content", "pages");
  const themeFromPages = relative(pagesDir, join(from, "theme"));
  for (const f of await readdir(pagesDir)) {
    const text = await readFile(join(pagesDir, f), "utf8");
    await writeFile(join(pagesDir, f), text.replaceAll('"../../theme/', `"${themeFromPages}/`));
  }
  const config = JSON.parse(await readFile(join(from, "site.config.json"), "utf8")) as {
    i18n: { locales: string[] };
    docs: { versions: Array<{ name: string }> };
  };
  for (const locale of config.i18n.locales) {
    for (const v of config.docs.versions) {
      const docs = join(from, "content", locale, "docs", v.name);
      let files: string[];
      try {
        files = (await readdir(docs, { recursive: true })).filter((f) => /\.mdx?$/.test(f) && !f.startsWith("copy-"));
      } catch {
        continue;
      }
      for (let n = 1; n <= copies; n++) {
        for (const f of files) {
          const target = join(to, "content", locale, "docs", v.name, `copy-${n}`, f);
          await mkdir(dirname(target), { recursive: true });
          const text = await readFile(join(docs, f), "utf8");
          // A distinct title per copy, so titles (and search results) differ as on a real site.
          await writeFile(target, text.replace(/^title: (["']?)(.*?)\1\s*$/m, `title: $1$2 (${n})$1`));
        }
      }
    }
  }
  return to;
}
