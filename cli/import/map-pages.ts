// Docusaurus' pages plugin: src/pages is copied with the rest of src/ and published by the build at the pages'
// URLs (cli/pages/); each locale's translated Markdown pages (the default locale's included) stay where Docusaurus
// keeps them.
import { existsSync } from "node:fs";
import { join } from "node:path";

export interface MappedPages {
  pages?: { dir: string; translations?: Record<string, string> };
  /** Folders to copy as they are (relative to both projects). */
  copy: string[];
  mapped: string[];
}

export function mapPages(dir: string, locales: string[], pagesPath = "src/pages"): MappedPages {
  const path = pagesPath.replace(/^\.\//, "").replace(/\/$/, "");
  if (!existsSync(join(dir, path))) return { copy: [], mapped: [] };
  const translations: Record<string, string> = {};
  for (const l of locales) {
    const t = `i18n/${l}/docusaurus-plugin-content-pages`;
    // The default locale's too: Docusaurus reads each locale's folder first, the default one's included.
    if (existsSync(join(dir, t))) translations[l] = t;
  }
  return {
    pages: { dir: path, ...(Object.keys(translations).length ? { translations } : {}) },
    copy: [...(path.startsWith("src/") ? [] : [path]), ...Object.values(translations)],
    mapped: [
      `pages: ${path} (React and Markdown pages at their URLs${Object.keys(translations).length ? `, translated in ${Object.keys(translations).join(", ")}` : ""})`,
    ],
  };
}
