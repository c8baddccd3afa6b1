// `"blog": false` (Docusaurus' `blog: false`): a site without a blog has no blog list, archive, tag or post pages,
// and no feeds.
import type { SiteConfig } from "../config/types.ts";
import type { RouteTable } from "./types.ts";

const BLOG_KINDS = new Set(["blogList", "blogArchive", "blogTags", "blogPost"]);

/** Drops the blog's routes from the table when the config switches the blog off. */
export function applyBlogSwitch(config: SiteConfig, table: RouteTable): void {
  if (config.blog.enabled) return;
  table.routes = table.routes.filter((r) => !BLOG_KINDS.has(r.kind));
  for (const [path, r] of table.byPath) if (BLOG_KINDS.has(r.kind)) table.byPath.delete(path);
}
