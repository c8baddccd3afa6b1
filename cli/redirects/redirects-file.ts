// `_redirects`, in the format Netlify and Cloudflare Pages read (`/from /to 301`): the config's redirects as real
// HTTP redirects where the host supports them. `docsite serve` answers them the same way (parseRedirects, match).
import type { SiteConfig } from "../config/types.ts";
import { publicPath } from "../routes/public-url.ts";
import type { RouteTable } from "../routes/types.ts";

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
}

const isUrl = (s: string) => /^https?:\/\//.test(s);

/** The file's text, or null for a site whose config has no redirects. */
export function redirectsFile(config: SiteConfig, table: RouteTable): string | null {
  const lines: string[] = [];
  for (const r of table.routes) {
    if (r.kind !== "redirect" || !r.permanent) continue;
    const to = isUrl(r.to) ? r.to : publicPath(config, r.to);
    const from = publicPath(config, r.path);
    lines.push(`${from} ${to} 301`);
    // The other spelling of a folder address reaches it too (/old and /old/).
    const other = from.endsWith("/") ? from.slice(0, -1) : /\.[A-Za-z0-9]+$/.test(from) ? "" : `${from}/`;
    if (other && other !== "/") lines.push(`${other} ${to} 301`);
  }
  if (!lines.length) return null;
  return `# Written by docsite build: the site's redirects (site.config.json "redirects")\n${lines.join("\n")}\n`;
}

export function parseRedirects(text: string): Map<string, RedirectRule> {
  const rules = new Map<string, RedirectRule>();
  for (const line of text.split(/\r?\n/)) {
    const parts = line.trim().split(/\s+/);
    if (!parts[0] || parts[0].startsWith("#") || parts.length < 2) continue;
    const status = Number(parts[2] ?? 301);
    if (!rules.has(parts[0]))
      rules.set(parts[0], {
        from: parts[0],
        to: parts[1],
        status: [301, 302, 307, 308].includes(status) ? status : 301,
      });
  }
  return rules;
}
