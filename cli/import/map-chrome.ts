// The parts of a Docusaurus config that make a site look like itself, mapped for site.config.json: the navbar's
// logo (light and dark, sized), dropdowns and icon links, the footer's style, breadcrumbs and version badges of docs,
// the blog's recent-posts sidebar, `blog: false`, and `customFields` for components. Called from map-config.ts.
import type { Loose } from "./docusaurus-config.ts";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A navbar logo: src and srcDark as given (static paths, full or data: URLs), with a width and height. */
export function mapLogo(dir: string, logo: Loose | undefined, title: string | undefined): Loose {
  const src = typeof logo?.src === "string" ? logo.src : "";
  const out: Loose = { src, alt: typeof logo?.alt === "string" ? logo.alt : (title ?? "") };
  if (typeof logo?.srcDark === "string" && logo.srcDark !== src) out.srcDark = logo.srcDark;
  // Docusaurus draws the logo 32 px high (2rem): its width follows the picture's proportions.
  const height = toPixels(logo?.height) ?? 32;
  const width = toPixels(logo?.width) ?? Math.round(height * (aspectRatio(dir, src) ?? 1));
  out.width = width;
  out.height = height;
  return out;
}

const toPixels = (v: unknown): number | undefined => {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number.parseFloat(v) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? Math.round(n) : undefined;
};

/** Width / height of a static SVG or PNG logo, when it can be read. */
function aspectRatio(dir: string, src: string): number | undefined {
  if (!src || /^[a-z]+:/i.test(src)) return undefined;
  const file = join(dir, "static", src.replace(/^\//, ""));
  if (!existsSync(file)) return undefined;
  const bytes = readFileSync(file);
  if (bytes.subarray(1, 4).toString("latin1") === "PNG") {
    const w = bytes.readUInt32BE(16);
    const h = bytes.readUInt32BE(20);
    return w && h ? w / h : undefined;
  }
  const svg = bytes.toString("utf8", 0, Math.min(bytes.length, 4096));
  const box = /viewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(svg);
  if (box) return Number(box[1]) / Number(box[2]);
  const w = /<svg[^>]*\swidth\s*=\s*["']([\d.]+)/i.exec(svg);
  const h = /<svg[^>]*\sheight\s*=\s*["']([\d.]+)/i.exec(svg);
  return w && h ? Number(w[1]) / Number(h[1]) : undefined;
}

export interface NavbarContext {
  /** Makes an i18n key for a label (with its translations), as map-config.ts does for other items. */
  label(text: string): string;
  /** A site path as docsite writes them, or null. */
  sitePath(to: string): string | null;
  /** The site's custom CSS, to see whether it draws a link's class. */
  css: string;
}

/** Icons docsite draws itself, by what a link's class or address names. */
const KNOWN_ICONS: Array<[RegExp, string]> = [
  [/github/i, "github"],
  [/discord/i, "discord"],
  [/t\.me\/|telegram/i, "telegram"],
  [/stackoverflow/i, "stackoverflow"],
];

/**
 * Navbar items map-config.ts has no counterpart for: dropdowns, and links without a label (icon links whose class
 * the custom CSS draws, Docusaurus' way; or one docsite has an icon for). Null when there is still none.
 */
export function mapNavbarExtra(item: Loose, ctx: NavbarContext): Loose | null {
  const position = item.position === "right" ? "right" : "left";
  const type = item.type ?? "default";
  if (type === "dropdown" && typeof item.label === "string") {
    const items: Loose[] = [];
    for (const it of (item.items ?? []) as Loose[]) {
      if (typeof it.label !== "string") continue;
      const href = typeof it.href === "string" && /^https?:\/\//.test(it.href) ? it.href : undefined;
      const to = !href && typeof (it.to ?? it.href) === "string" ? ctx.sitePath(it.to ?? it.href) : null;
      if (href) items.push({ label: ctx.label(it.label), href });
      else if (to) items.push({ label: ctx.label(it.label), to });
    }
    if (!items.length) return null;
    return { type: "dropdown", label: ctx.label(item.label), items, position };
  }
  if (type !== "default" || typeof item.label === "string") return null;
  const href = typeof item.href === "string" && /^https?:\/\//.test(item.href) ? item.href : undefined;
  const to = !href && typeof item.to === "string" ? ctx.sitePath(item.to) : null;
  if (!href && !to) return null;
  const className = typeof item.className === "string" ? item.className.trim() : "";
  const ariaLabel = typeof item["aria-label"] === "string" ? item["aria-label"] : undefined;
  const target = href ? { href } : { to };
  const drawnByCss = className
    .split(/\s+/)
    .some((c) => c && new RegExp(`\\.${c.replace(/[-/\\^$*+?.()|[\]{}]/g, "\\$&")}(?![\\w-])`).test(ctx.css));
  if (drawnByCss) return { type: "link", ...target, className, ariaLabel: ariaLabel ?? className, position };
  const icon = KNOWN_ICONS.find(([re]) => re.test(className) || re.test(href ?? ""))?.[1];
  if (icon) return { type: "link", ...target, icon, label: ctx.label(ariaLabel ?? icon), position };
  return null;
}

/**
 * What Docusaurus passes through from a link item to the drawn link (NavbarNavLink): its `className` (the site's
 * CSS may draw an icon there and hide the label) and `aria-label`, as docsite's `className` and `ariaLabel`.
 */
export function linkPassThrough(item: Loose): { className?: string; ariaLabel?: string } {
  const className = typeof item.className === "string" ? item.className.trim() : "";
  const ariaLabel = typeof item["aria-label"] === "string" ? item["aria-label"].trim() : "";
  return { ...(className ? { className } : {}), ...(ariaLabel ? { ariaLabel } : {}) };
}

/** Docs options docsite draws: breadcrumbs (on unless switched off), and per version the "Version: x" badge. */
export function docsChrome(
  docsOpts: Loose,
  versionCount: number,
): { breadcrumbs: boolean; badge: (name: string) => boolean } {
  return {
    breadcrumbs: docsOpts.breadcrumbs !== false,
    // Docusaurus shows the badge by default on sites with more than one version.
    badge: (name) => {
      const given = docsOpts.versions?.[name]?.badge;
      return typeof given === "boolean" ? given : versionCount > 1;
    },
  };
}

/**
 * The blog's recent-posts sidebar: Docusaurus lists 5 by default, "ALL" every post, 0 none. Its title, when the site
 * names one, is the text of the string `theme.blog.sidebar.title`.
 */
export function blogSidebar(blogOpts: Loose): { sidebarCount: number; title?: string } {
  const count = blogOpts.blogSidebarCount;
  const sidebarCount = count === "ALL" ? 1_000_000 : typeof count === "number" && count >= 0 ? Math.floor(count) : 5;
  return {
    sidebarCount,
    ...(typeof blogOpts.blogSidebarTitle === "string" ? { title: blogOpts.blogSidebarTitle } : {}),
  };
}

/** `customFields` as JSON data (functions and stand-ins for modules that were not loaded are left out). */
export function customFields(value: unknown): Record<string, unknown> | undefined {
  if (!value || typeof value !== "object") return undefined;
  try {
    const json = JSON.parse(JSON.stringify(value));
    return json && typeof json === "object" && Object.keys(json).length ? json : undefined;
  } catch {
    return undefined;
  }
}
