// The base path a built site was made for (site.config.json's `baseUrl`), read back from the output itself: every
// page's root element carries it (`data-base`, cli/render/render-route.ts). A static host serves `dist/` at that
// path (GitHub Pages serves a project site at `/<repo>/`), so `serve` mounts the folder there and `check-links`
// resolves links against it — neither needs the site's config, only the folder.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT_TAG = /<[a-z]+\s[^>]*\bid="__docsite"[^>]*>/i;
const DATA_BASE = /\sdata-base="([^"]*)"/;
/** A base path as the config allows it: `/`, or `/a/…/` of plain path characters. */
const BASE_PATH = /^\/(?:[A-Za-z0-9._~%!$&'()*+,;=:@-]+\/)*$/;

/** The base path of the site built into `dir` ("/" when its pages do not say, e.g. a folder docsite did not write). */
export function builtBase(dir: string): string {
  for (const page of ["index.html", "404.html"]) {
    let html: string;
    try {
      html = readFileSync(join(dir, page), "utf8");
    } catch {
      continue;
    }
    const base = DATA_BASE.exec(ROOT_TAG.exec(html)?.[0] ?? "")?.[1]?.replaceAll("&amp;", "&");
    if (base && BASE_PATH.test(base)) return base;
  }
  return "/";
}
