// The navbar and footer of the classic theme's config as docsite's: each link item becomes a link to a site path
// or an http(s) URL with its label as an interface string (translated from i18n/<locale>/docusaurus-theme-classic);
// docSidebar, doc, version and locale items become docsite's; what has no counterpart is named.
import type { Loose } from "./docusaurus-config.ts";
import { isStub } from "./load-module.ts";
import { linkPassThrough, mapNavbarExtra } from "./map-chrome.ts";

const str = (v: unknown) => (typeof v === "string" && !isStub(v) ? v : undefined);

export const keyPart = (label: string) =>
  label
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, "_")
    .replace(/^_+|_+$/g, "") || "item";

/** A site path as docsite writes them: leading and trailing slash. Null when it is not a plain site path. */
export function sitePath(to: string, baseUrl: string): string | null {
  let p = to.startsWith(baseUrl) ? `/${to.slice(baseUrl.length)}` : to;
  if (!p.startsWith("/")) p = `/${p}`;
  const [path, hash] = p.split("#");
  if (/[?\s]/.test(path) || /\.[a-z0-9]+$/i.test(path)) return null;
  return `${path.replace(/\/?$/, "/")}${hash ? `#${hash}` : ""}`.replace(/^\/\/+/, "/");
}

export interface NavigationContext {
  /** Adds an interface string with the default-locale text and each locale's translation; returns its key. */
  label: (key: string, text: string, file: string, dKey: string) => string;
  /** A site path as docsite writes it, or null (map-config.ts sitePath with the site's baseUrl). */
  sitePath: (to: string) => string | null;
  /** The site path of a doc of a docs instance, by its id. */
  docUrl: (pluginId: string | undefined, docId: string) => string;
  /** A sidebar's id in the new project. */
  sidebarIdOf: (pluginId: string | undefined, id: string) => string;
  /** The site's custom CSS (read for the icon links it draws). */
  css: string;
  skipped: string[];
}

/** themeConfig.navbar.items as docsite's navbar items (a search item added when there is none). */
export function mapNavbarItems(items: unknown, ctx: NavigationContext): Loose[] {
  const navItems: Loose[] = [];
  for (const item of (Array.isArray(items) ? items : []) as Loose[]) {
    const text = str(item.label) ?? "";
    const key = text
      ? ctx.label(
          `theme.navbar.item.${keyPart(text)}`,
          text,
          "docusaurus-theme-classic/navbar.json",
          `item.label.${text}`,
        )
      : undefined;
    const position = item.position === "right" ? "right" : "left";
    // An item with `items` and no type is a dropdown, as Docusaurus reads it.
    const type = item.type ?? (Array.isArray(item.items) ? "dropdown" : "default");
    if (type === "docSidebar" && key)
      navItems.push({
        type: "docSidebar",
        sidebarId: ctx.sidebarIdOf(str(item.docsPluginId), String(item.sidebarId)),
        label: key,
        position,
      });
    else if (type === "docsVersionDropdown") navItems.push({ type: "docsVersionDropdown", position });
    else if (type === "localeDropdown") navItems.push({ type: "localeDropdown", position });
    else if (type === "search") navItems.push({ type: "search", position });
    else if ((type === "default" || type === "doc") && key) {
      const href = str(item.href);
      const to = type === "doc" ? ctx.docUrl(str(item.docsPluginId), String(item.docId)) : str(item.to);
      const own = linkPassThrough(item);
      if (href && /^https?:\/\//.test(href)) navItems.push({ type: "link", label: key, href, ...own, position });
      else if (to && ctx.sitePath(to))
        navItems.push({ type: "link", label: key, to: ctx.sitePath(to), ...own, position });
      else
        ctx.skipped.push(
          `navbar item "${text}": its target ${to ?? href ?? "(none)"} is not a site path or an http(s) URL`,
        );
    } else {
      const extra = mapNavbarExtra(
        { ...item, type },
        {
          label: (t) =>
            ctx.label(`theme.navbar.item.${keyPart(t)}`, t, "docusaurus-theme-classic/navbar.json", `item.label.${t}`),
          sitePath: ctx.sitePath,
          css: ctx.css,
        },
      );
      if (extra) navItems.push(extra);
      else {
        // What the reader would see of it: its label, an HTML item's text, or where it leads.
        const what = text
          ? `"${text}" `
          : typeof item.html === "string"
            ? `of raw HTML (${
                item.html
                  .replace(/<[^>]+>/g, "")
                  .trim()
                  .slice(0, 40) || "no text"
              }) `
            : str(item.href) || str(item.to)
              ? `to ${str(item.href) ?? str(item.to)} `
              : "";
        ctx.skipped.push(
          type === "dropdown" && Array.isArray(item.items)
            ? `navbar item ${what}of type dropdown: ${item.items.length ? `none of its ${item.items.length} links is a site path or an http(s) URL` : "it has no links"}`
            : `navbar item ${what}of type ${type}: no docsite counterpart`,
        );
      }
    }
  }
  if (!navItems.some((i) => i.type === "search")) navItems.push({ type: "search", position: "right" });
  return navItems;
}

/** themeConfig.footer.links as docsite's groups of links (a flat list becomes one group). */
export function mapFooterLinks(links: unknown, ctx: NavigationContext): Loose[] {
  const footerLinks: Loose[] = [];
  const groups: Loose[] = Array.isArray(links) ? links : [];
  const asGroups = groups.length && !groups[0].items ? [{ title: "Links", items: groups }] : groups;
  for (const g of asGroups) {
    const title = str(g.title) ?? "Links";
    const items: Loose[] = [];
    for (const it of (g.items ?? []) as Loose[]) {
      const text = str(it.label);
      if (!text) {
        ctx.skipped.push(`footer item in "${title}" without a label (HTML items are not carried over)`);
        continue;
      }
      const key = ctx.label(
        `footer.link.item.${keyPart(title)}.${keyPart(text)}`,
        text,
        "docusaurus-theme-classic/footer.json",
        `link.item.label.${text}`,
      );
      const rawHref = str(it.href);
      // A footer `href` may be a site path too.
      const href = rawHref && /^https?:\/\//.test(rawHref) ? rawHref : undefined;
      const toText = str(it.to) ?? (rawHref?.startsWith("/") ? rawHref : undefined);
      const to = toText && ctx.sitePath(toText);
      if (href && /^https?:\/\//.test(href)) items.push({ label: key, href });
      else if (to) items.push({ label: key, to });
      else ctx.skipped.push(`footer item "${text}": its target is not a site path or an http(s) URL`);
    }
    footerLinks.push({
      title: ctx.label(
        `footer.link.title.${keyPart(title)}`,
        title,
        "docusaurus-theme-classic/footer.json",
        `link.title.${title}`,
      ),
      items,
    });
  }
  return footerLinks;
}
