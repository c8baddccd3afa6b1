// Security headers for the built site, written to dist/_headers (the file Netlify and Cloudflare Pages read;
// `docsite serve` applies it too). The Content-Security-Policy allows the site's own files, docsite's own inline
// scripts and event handler and the pages' styles by their SHA-256 hashes (collected from the rendered HTML), and
// exactly the outside services the config names: the web font, the analytics counter and the hosted search service.
import { createHash } from "node:crypto";
import type { SiteConfig } from "../config/types.ts";
import { ALGOLIA_DEFAULT_HOST } from "../render/search-config.ts";

/** Sent whatever the site: no sniffing, no framing, no full URLs to other sites. */
export const BASE_SECURITY_HEADERS: Array<[string, string]> = [
  ["X-Content-Type-Options", "nosniff"],
  ["X-Frame-Options", "DENY"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
];

const METRIKA_SCRIPT = "https://mc.yandex.ru/metrika/tag.js";
const METRIKA_HOSTS = ["https://mc.yandex.ru", "https://mc.yandex.com"];

const hashed = new Map<string, string>();
/** The CSP source of a piece of inline code; remembered, since every page carries the same theme CSS and script. */
function sha256(text: string): string {
  let h = hashed.get(text);
  if (h === undefined) {
    h = `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    if (hashed.size >= 1000) hashed.clear();
    hashed.set(text, h);
  }
  return h;
}
/** The CSP source for a URL from the config: its origin, or 'self' for a path on the site itself. */
const originOf = (url: string) => (/^\/(?!\/)/.test(url) ? "'self'" : new URL(url, "https://invalid.invalid").origin);

const decodeAttr = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The inline code of rendered pages, each piece as its CSP source (`'sha256-…'`), in the order first seen. */
export interface InlineCode {
  scripts: Set<string>;
  styles: Set<string>;
  handlers: Set<string>;
  styleAttrs: Set<string>;
  /** The origins of the `<iframe src>` the pages hold (a video or sandbox embed the content wrote). */
  frames: Set<string>;
}

const KINDS = ["scripts", "styles", "handlers", "styleAttrs", "frames"] as const;

export const noInlineCode = (): InlineCode => ({
  scripts: new Set(),
  styles: new Set(),
  handlers: new Set(),
  styleAttrs: new Set(),
  frames: new Set(),
});

/**
 * The inline code of rendered pages that the policy allows. Scripts and event handlers: docsite's own only — those
 * of the `<head>`, which docsite alone writes (the colour-mode script, the web font's `onload`), and the body
 * scripts whose text is in `ownBody` (the search page's pre-paint script). A `<script>` or `on*=""` handler that
 * content put in the body is left out, so the browser refuses it (the build warns where content holds one:
 * cli/mdx/rehype-inline-code.ts). Styles: every `<style>` and `style=""`, the content's included (MDX `style={…}`
 * is common in Docusaurus sites, and a style runs no code).
 */
export function inlineCode(pages: Iterable<string>, ownBody: Iterable<string> = []): InlineCode {
  const found = noInlineCode();
  const own = new Set(ownBody);
  for (const html of pages) {
    // The first `</head>` is the head's own: the title and meta values before it are escaped.
    const headEnd = html.indexOf("</head>");
    for (const m of html.matchAll(/<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/gi))
      if (!/\ssrc\s*=/i.test(m[1]) && m[2] && ((m.index ?? 0) < headEnd || own.has(m[2])))
        found.scripts.add(sha256(m[2]));
    for (const m of html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)) found.styles.add(sha256(m[1]));
    // Rendered text has its quotes escaped, so `name="` occurs only in tags (or in inline code: one hash too many).
    for (const a of html.matchAll(/\s(on[a-z]+|style)="([^"]*)"/gi)) {
      if (a[1].toLowerCase() === "style") found.styleAttrs.add(sha256(decodeAttr(a[2])));
      else if ((a.index ?? 0) < headEnd) found.handlers.add(sha256(decodeAttr(a[2])));
    }
    // An embed the content wrote (CodeSandbox, a video player) is the page's own: the policy lets it load, so the
    // page looks as the author made it. Only web origins; a path on the site is 'self' already.
    for (const m of html.matchAll(/<iframe\s[^>]*?\bsrc="(https?:\/\/[^"]+)"/gi)) {
      try {
        found.frames.add(new URL(decodeAttr(m[1])).origin);
      } catch {
        // Not a URL the browser would load either.
      }
    }
  }
  return found;
}

/** Adds `more` to `into` (pages in order: the policy lists each source where it first appeared). */
export function addInlineCode(into: InlineCode, more: InlineCode): InlineCode {
  for (const k of KINDS) for (const h of more[k]) into[k].add(h);
  return into;
}

/** As plain data, for the build cache. */
export const inlineCodeToJson = (code: InlineCode): Record<(typeof KINDS)[number], string[]> =>
  Object.fromEntries(KINDS.map((k) => [k, [...code[k]]])) as Record<(typeof KINDS)[number], string[]>;

export const inlineCodeFromJson = (data: Partial<Record<(typeof KINDS)[number], string[]>>): InlineCode =>
  Object.fromEntries(KINDS.map((k) => [k, new Set(data[k] ?? [])])) as unknown as InlineCode;

/** Other sites a build found the pages loading from: a stylesheet's web font, an island's embedded player. */
export interface MoreSources {
  style?: string[];
  font?: string[];
  frame?: string[];
  /**
   * What puts styles into pages in the browser, which no hash of the rendered pages covers (islands that create
   * `<style>` elements: cli/islands/bundle.ts). Then style-src allows inline styles ('unsafe-inline', without hashes,
   * which would switch it off), so the policy never changes how a page looks; styles run no code.
   */
  inlineStyleFrom?: string[];
}

export function contentSecurityPolicy(config: SiteConfig, code: InlineCode, more: MoreSources = {}): string {
  const script = new Set(["'self'", ...code.scripts]);
  const style = new Set(["'self'", ...code.styles]);
  const font = new Set(["'self'", "data:"]);
  const connect = new Set(["'self'"]);
  const img = new Set(["'self'", "data:", "https:"]);
  const frame = new Set<string>();
  if (code.handlers.size) for (const h of ["'unsafe-hashes'", ...code.handlers]) script.add(h);
  if (code.styleAttrs.size) for (const h of ["'unsafe-hashes'", ...code.styleAttrs]) style.add(h);
  if (more.inlineStyleFrom?.length) {
    style.clear();
    style.add("'self'").add("'unsafe-inline'");
  }
  if (config.webFont) {
    style.add(originOf(config.webFont.stylesheet));
    font.add(originOf(config.webFont.stylesheet));
    for (const o of config.webFont.preconnect ?? []) font.add(originOf(o));
  }
  const metrika = config.analytics?.yandexMetrika;
  if (metrika) {
    const own = originOf(metrika.scriptUrl ?? METRIKA_SCRIPT);
    for (const o of [own, ...(metrika.scriptUrl ? [] : METRIKA_HOSTS)]) {
      script.add(o);
      connect.add(o);
      img.add(o);
      frame.add(o);
    }
    if (!metrika.scriptUrl) script.add("https://yastatic.net");
    if (metrika.webvisor) frame.add("blob:");
  }
  for (const o of more.style ?? []) style.add(o);
  for (const o of more.font ?? []) font.add(o);
  for (const o of more.frame ?? []) frame.add(o);
  for (const o of code.frames) frame.add(o);
  const algolia = config.search.provider === "algolia" ? config.search.algolia : undefined;
  if (algolia) connect.add(originOf(algolia.host ?? ALGOLIA_DEFAULT_HOST(algolia.appId)));
  const list = (s: Set<string>) => [...s].join(" ");
  return [
    "default-src 'self'",
    `script-src ${list(script)}`,
    `style-src ${list(style)}`,
    `font-src ${list(font)}`,
    `img-src ${list(img)}`,
    `connect-src ${list(connect)}`,
    `frame-src ${frame.size ? list(frame) : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * dist/_headers: every path gets the security headers; content-hashed assets are cached for good. `code` is the
 * inline code of every page (the render stage collects it, from the cache for pages not rendered again).
 */
export function headersFile(config: SiteConfig, code: InlineCode, more?: MoreSources): string {
  const csp = contentSecurityPolicy(config, code, more);
  const all = [...BASE_SECURITY_HEADERS, ["Content-Security-Policy", csp]].map(([k, v]) => `  ${k}: ${v}`);
  const why = more?.inlineStyleFrom?.length
    ? [`# style-src allows inline styles: ${more.inlineStyleFrom.join(", ")} put styles into pages in the browser.`]
    : [];
  return [
    "# Written by docsite build: the headers docsite serve sends, for hosts that read _headers",
    '# (Netlify, Cloudflare Pages). See README, "Security headers", for nginx.',
    ...why,
    `${config.baseUrl}*`,
    ...all,
    `${config.baseUrl}assets/*`,
    "  Cache-Control: public, max-age=31536000, immutable",
    "",
  ].join("\n");
}
