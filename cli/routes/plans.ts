// Which source serves a doc or a post in a locale (made by table.ts' planDocs and planBlog), and the key its
// compiled page is found under.
import type { VersionConfig } from "../config/types.ts";
import type { DocSource, BlogSource } from "../content/scan.ts";

export interface DocPlan {
  locale: string;
  version: VersionConfig;
  id: string;
  source: DocSource;
  untranslated: boolean;
}
export interface BlogPlan {
  locale: string;
  source: BlogSource;
}

export const planKey = (p: { locale: string; source: { file: string } }) => `${p.locale}|${p.source.file}`;
