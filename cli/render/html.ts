// The HTML document around a rendered page: head tags, the no-flash colour-mode script, assets.
import type { SiteConfig } from "../config/types.ts";
import {
  COLOR_MODE_KEY,
  THEME_KEY,
  ANNOUNCEMENT_DISMISSED_KEY,
  ANNOUNCEMENT_ID_KEY,
} from "../../theme/storage-keys.ts";

export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

export interface HeadData {
  title: string;
  description: string;
  canonical: string;
  alternates: Array<{ hreflang: string; href: string }>;
  noindex: boolean;
  ogType: "website" | "article";
  ogLocale: string;
  feeds?: Array<{ type: "rss" | "atom"; href: string; title: string }>;
  /** Front matter `keywords` of a doc or post. */
  keywords?: string[];
  /** Absolute URL of the front matter `image`: the picture link previews show. */
  image?: string;
}

export interface Assets {
  css: string[];
  /**
   * The stylesheet's text, written into each page's head instead of a `<link>` to `css` (a build does this; `dev`
   * links the file). It saves the one request that blocks the first paint (docs/speed.md, "Page speed").
   */
  inlineCss?: string;
  /** Stylesheets linked in every case, after the theme's: the project components' CSS of an imported site. */
  extraCss?: string[];
  entry: string;
  preload: string[];
  /** Chunks the search page preloads besides the entry's (see ClientBundle.searchPage). */
  searchPage?: string[];
  /** The moving-picture player, for pages with a video (see ClientBundle.movingPictures). */
  movingPictures?: string;
  /** The runtime of project islands (cli/islands/runtime.ts): pages with islands name and preload it. */
  islands?: string;
}

/** The script tag of a page that shows a moving picture from a video file. */
export const movingPicturesScript = (assets: Assets): string =>
  assets.movingPictures
    ? `<script type="module" src="${escapeHtml(assets.movingPictures)}" data-page-script></script>`
    : "";

/** The head tags that preload the search page's chunks. */
export const searchPagePreloads = (assets: Assets): string =>
  (assets.searchPage ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join("\n");

/** CSS text that cannot end the `<style>` element it sits in. */
const styleText = (css: string) => css.replace(/<\/(style)/gi, "<\\/$1");

/**
 * Runs before first paint: marks JS as on, applies the stored colour mode (unless the page opts out), hides a
 * dismissed announcement, and shows the base-URL banner when the site is served from the wrong path.
 */
function inlineHeadScript(
  config: SiteConfig,
  applyColorMode: boolean,
  baseUrl: { path: string; message: string },
): string {
  const def = config.colorMode.defaultMode;
  const respect = config.colorMode.respectPrefersColorScheme;
  const colour = applyColorMode
    ? `var m,t;try{m=localStorage.getItem(${JSON.stringify(COLOR_MODE_KEY)});t=localStorage.getItem(${JSON.stringify(THEME_KEY)})}catch(e){}if(m!=="light"&&m!=="dark"&&m!=="system")m=t==="light"||t==="dark"?t:${JSON.stringify(def)}${respect ? `;if(!m||m===${JSON.stringify(def)})m="system"` : ""};` +
      `var d=m==="system"?(matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"):m;r.setAttribute("data-theme",d);r.setAttribute("data-theme-choice",m);`
    : "";
  const announcement = config.announcementBar
    ? `try{if(localStorage.getItem(${JSON.stringify(ANNOUNCEMENT_ID_KEY)})===${JSON.stringify(config.announcementBar.id)}&&localStorage.getItem(${JSON.stringify(ANNOUNCEMENT_DISMISSED_KEY)})==="true")r.setAttribute("data-announcement-dismissed","")}catch(e){}`
    : "";
  const base = `if(location.protocol!=="file:"&&location.pathname.indexOf(${JSON.stringify(baseUrl.path)})!==0)document.addEventListener("DOMContentLoaded",function(){var b=document.createElement("div");b.id="docsite-base-url-issue";b.setAttribute("role","alert");b.textContent=${JSON.stringify(baseUrl.message)};document.body.prepend(b)});`;
  return `(function(){var r=document.documentElement;r.classList.replace("no-js","js");${colour}${announcement}${base}})()`;
}

export function renderDocument(opts: {
  config: SiteConfig;
  lang: string;
  dir: string;
  head: HeadData;
  assets: Assets;
  body: string;
  applyColorMode: boolean;
  rootAttrs: Record<string, string>;
  extraHead?: string;
  /** Where this page's edition lives (the locale's base URL) and what the banner says when it is opened elsewhere. */
  baseUrl: { path: string; message: string };
}): string {
  const { config, head, assets } = opts;
  const e = escapeHtml;
  const tags: string[] = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${e(head.title)}</title>`,
    head.description ? `<meta name="description" content="${e(head.description)}">` : "",
    head.keywords?.length ? `<meta name="keywords" content="${e(head.keywords.join(", "))}">` : "",
    `<link rel="canonical" href="${e(head.canonical)}">`,
    ...head.alternates.map((a) => `<link rel="alternate" hreflang="${e(a.hreflang)}" href="${e(a.href)}">`),
    head.noindex ? `<meta name="robots" content="noindex, nofollow">` : "",
    `<meta property="og:title" content="${e(head.title)}">`,
    head.description ? `<meta property="og:description" content="${e(head.description)}">` : "",
    `<meta property="og:url" content="${e(head.canonical)}">`,
    `<meta property="og:type" content="${head.ogType}">`,
    `<meta property="og:locale" content="${e(head.ogLocale)}">`,
    `<meta property="og:site_name" content="${e(config.title)}">`,
    head.image ? `<meta property="og:image" content="${e(head.image)}">` : "",
    `<meta name="twitter:card" content="${head.image ? "summary_large_image" : "summary"}">`,
    `<meta name="color-scheme" content="${opts.applyColorMode ? "light dark" : "light"}">`,
    config.favicon ? `<link rel="icon" href="${e(config.baseUrl + config.favicon.replace(/^\//, ""))}">` : "",
    ...(head.feeds ?? []).map(
      (f) =>
        `<link rel="alternate" type="application/${f.type === "rss" ? "rss" : "atom"}+xml" title="${e(f.title)}" href="${e(f.href)}">`,
    ),
    `<script>${inlineHeadScript(config, opts.applyColorMode, opts.baseUrl).replace(/<\//g, "<\\/")}</script>`,
    ...(assets.inlineCss !== undefined
      ? [`<style>${styleText(assets.inlineCss)}</style>`]
      : assets.css.map((href) => `<link rel="stylesheet" href="${e(href)}">`)),
    ...(assets.extraCss ?? []).map((href) => `<link rel="stylesheet" href="${e(href)}">`),
    ...(config.webFont
      ? [
          ...(config.webFont.preconnect ?? []).map((o) => `<link rel="preconnect" href="${e(o)}" crossorigin>`),
          // Loaded without blocking the first paint: offline, or on a slow font host, the page shows at once in
          // system fonts (listed after the web font in --font).
          `<link rel="stylesheet" href="${e(config.webFont.stylesheet)}" media="print" onload="this.media='all'">`,
          ...(config.webFont.family
            ? [
                `<style>:root{--font:${JSON.stringify(config.webFont.family)},system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif}</style>`,
              ]
            : []),
        ]
      : []),
    `<script type="module" src="${e(assets.entry)}"></script>`,
    ...assets.preload.map((href) => `<link rel="modulepreload" href="${e(href)}">`),
    opts.extraHead ?? "",
  ].filter(Boolean);
  const root = Object.entries(opts.rootAttrs)
    .map(([k, v]) => ` ${k}="${e(v)}"`)
    .join("");
  const themeAttrs = opts.applyColorMode
    ? ` data-theme="${config.colorMode.defaultMode === "dark" ? "dark" : "light"}" data-theme-choice="${config.colorMode.defaultMode}"`
    : ` data-theme="light" data-theme-fixed=""`;
  return `<!doctype html>\n<html lang="${e(opts.lang)}" dir="${e(opts.dir)}" class="no-js"${themeAttrs}>\n<head>\n${tags.join("\n")}\n</head>\n<body>\n<div id="__docsite"${root}>${opts.body}</div>\n</body>\n</html>\n`;
}
