// Files besides the pages: sitemap per locale, robots.txt, blog feeds.
import type { SiteConfig } from "../config/types.ts";
import type { RouteTable, BlogPostRoute } from "../routes/types.ts";
import type { Strings } from "../i18n/strings.ts";
import { localeBase, blogBase } from "../content/paths.ts";
import { publicUrl } from "../routes/public-url.ts";
import { escapeHtml as x } from "../render/html.ts";

export function sitemaps(config: SiteConfig, table: RouteTable): Map<string, string> {
  const out = new Map<string, string>();
  for (const locale of config.i18n.locales) {
    const urls = table.routes
      .filter((r) => r.locale === locale && !r.unlisted && r.kind !== "redirect" && r.kind !== "notFound")
      .map((r) => `<url><loc>${x(publicUrl(config, r.path))}</loc></url>`);
    const file = `${localeBase(config, locale).slice(config.baseUrl.length)}sitemap.xml`;
    out.set(
      file,
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
    );
  }
  return out;
}

export function robots(config: SiteConfig): string {
  const maps = config.i18n.locales.map((l) => `Sitemap: ${config.url}${localeBase(config, l)}sitemap.xml`);
  return `User-agent: *\nAllow: /\n\n${maps.join("\n")}\n`;
}

export function feeds(
  config: SiteConfig,
  table: RouteTable,
  strings: Map<string, Strings>,
  html: (r: BlogPostRoute) => string,
): Map<string, string> {
  const out = new Map<string, string>();
  if (!config.blog.feed || !config.blog.enabled) return out;
  for (const locale of config.i18n.locales) {
    const t = strings.get(locale)!;
    const posts = table.routes
      .filter((r): r is BlogPostRoute => r.kind === "blogPost" && r.locale === locale && !r.unlisted)
      .slice(0, 20);
    if (!posts.length) continue;
    const base = blogBase(config, locale);
    const rel = base.slice(config.baseUrl.length);
    const title = `${config.title} ${t.t("theme.blog.title")}`;
    const home = publicUrl(config, base);
    const feedsAt = config.url + base;
    const updated = new Date(`${posts[0].post.date}T00:00:00Z`).toISOString();
    const lang = config.i18n.localeConfigs[locale].htmlLang;
    out.set(
      `${rel}rss.xml`,
      `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${x(title)}</title>
<link>${x(home)}</link>
<description>${x(t.t("theme.blog.description"))}</description>
<language>${x(lang)}</language>
<atom:link href="${x(feedsAt)}rss.xml" rel="self" type="application/rss+xml"/>
${posts
  .map(
    (p) => `<item>
<title>${x(p.post.title)}</title>
<link>${x(publicUrl(config, p.path))}</link>
<guid>${x(publicUrl(config, p.path))}</guid>
<pubDate>${new Date(`${p.post.date}T00:00:00Z`).toUTCString()}</pubDate>
<description>${x(p.post.description)}</description>
<content:encoded xmlns:content="http://purl.org/rss/1.0/modules/content/"><![CDATA[${html(p).replace(/]]>/g, "]]]]><![CDATA[>")}]]></content:encoded>
</item>`,
  )
  .join("\n")}
</channel>
</rss>
`,
    );
    out.set(
      `${rel}atom.xml`,
      `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${x(lang)}">
<id>${x(home)}</id>
<title>${x(title)}</title>
<updated>${updated}</updated>
<link rel="alternate" href="${x(home)}"/>
<link rel="self" href="${x(feedsAt)}atom.xml"/>
${posts
  .map(
    (p) => `<entry>
<title>${x(p.post.title)}</title>
<id>${x(publicUrl(config, p.path))}</id>
<link href="${x(publicUrl(config, p.path))}"/>
<updated>${new Date(`${p.post.date}T00:00:00Z`).toISOString()}</updated>
<summary>${x(p.post.description)}</summary>
${p.post.authors.map((a) => `<author><name>${x(a)}</name></author>`).join("")}
<content type="html">${x(html(p))}</content>
</entry>`,
  )
  .join("\n")}
</feed>
`,
    );
  }
  return out;
}
