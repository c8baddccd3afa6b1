// `_redirects`, in the format Netlify and Cloudflare Pages read (`/from /to 301`): the config's redirects as real
// HTTP redirects where the host supports them. `docsite serve` answers them the same way (parseRedirects, match).
import type { SiteConfig } from "../config/types.ts";
import { publicPath } from "../routes/public-url.ts";
import type { RouteTable } from "../routes/types.ts";
import { encodePath } from "../content/paths.ts";

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
}

const isUrl = (s: string) => /^https?:\/\//.test(s);

/**
 * A path as the file holds it and as a request sends it: percent-encoded, so a space (the file's field separator)
 * or a non-ASCII letter never appears raw; escapes already there are kept, and `a%20b` and `a b` are one path.
 */
export function redirectKey(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // a stray `%`: encodePath escapes it
  }
  return encodePath(decoded);
}

/** A target: a URL's or path's blanks and controls escaped (its query and fragment stay as they are). */
const field = (target: string) => target.replace(/[\s\p{Cc}]/gu, (c) => encodeURIComponent(c));

/** The file's text, or null for a site whose config has no redirects. */
export function redirectsFile(config: SiteConfig, table: RouteTable): string | null {
  const lines: string[] = [];
  for (const r of table.routes) {
    if (r.kind !== "redirect" || !r.permanent) continue;
    const to = field(isUrl(r.to) ? r.to : publicPath(config, r.to));
    const from = redirectKey(publicPath(config, r.path));
    lines.push(`${from} ${to} 301`);
    // The other spelling of a folder address reaches it too (/old and /old/).
    const other = from.endsWith("/") ? from.slice(0, -1) : /\.[A-Za-z0-9]+$/.test(from) ? "" : `${from}/`;
    if (other && other !== "/") lines.push(`${other} ${to} 301`);
  }
  if (!lines.length) return null;
  return `# Written by docsite build: the site's redirects (site.config.json "redirects")\n${lines.join("\n")}\n`;
}

/** The rules of a `_redirects` file by redirectKey of their `from` (look a request's raw path up with redirectKey). */
export function parseRedirects(text: string): Map<string, RedirectRule> {
  const rules = new Map<string, RedirectRule>();
  for (const line of text.split(/\r?\n/)) {
    const parts = line.trim().split(/\s+/);
    if (!parts[0] || parts[0].startsWith("#") || parts.length < 2) continue;
    const status = Number(parts[2] ?? 301);
    const from = redirectKey(parts[0]);
    if (!rules.has(from))
      rules.set(from, {
        from,
        to: parts[1],
        status: [301, 302, 307, 308].includes(status) ? status : 301,
      });
  }
  return rules;
}
