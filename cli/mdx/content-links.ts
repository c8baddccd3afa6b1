// How links inside a content file are rewritten, derived from the compile settings and the list of content files
// alone, so a worker thread can rebuild the same rewriter from plain data.
//
// In a project imported from Docusaurus, links follow Docusaurus' rules, and the href published is the address
// Docusaurus would have reached, written absolute (so it does not depend on how the host serves the page):
// - a link to a `.md(x)` file (`./x.md`, `../a/b.mdx#id`, `x.md`, `/api/x.md`, `@site/docs/x.md`, reference
//   definitions too) goes to that file's page. `./`/`../` are tried from the file's folder only; `/x.md` from the
//   version's docs root (the locale's own, then the default locale's), then from the Docusaurus project's root;
//   a bare `x.md` from the file's folder first, then as `/x.md`;
// - a relative URL (`./other`, `../../x/#id`, `?q`) is resolved against the page's published address in the site's
//   `trailingSlash` mode: with `true` the folder address ("/docs/a/"); unset and `false` the address without the
//   slash ("/docs/a"), as Docusaurus' own links are, except a version's root doc with trailingSlash unset, and the
//   homes ("/docs/", "/").
// The link check sees the same absolute paths, so what it accepts is what a reader's browser reaches.
import type { VersionConfig } from "../config/types.ts";
import type { CompileSettings } from "./compile-settings.ts";
import { posix } from "node:path";
import { localeBase, routeOfContentFile, docPath, versionBase, blogBase, encodePath } from "../content/paths.ts";
import { linkRewriter } from "./compile.ts";
import { applyAliases } from "../config/aliases.ts";

/** Where a content file is published: a doc's id and front matter slug, or a post's slug. */
export interface DocTarget {
  id: string;
  slug?: string;
}

/**
 * Every doc, by "version|path" (path inside the version folder, without extension), and every blog post, by
 * "blog|path": a link to a file goes to its page, and a link to a file that is not here is not rewritten.
 */
export function docSlugs(
  docs: Iterable<{ version: string; id: string; path: string; data: { slug?: unknown } }>,
  posts: Iterable<{ file: string; slug: string }> = [],
): Map<string, DocTarget> {
  const out = new Map<string, DocTarget>();
  for (const d of docs) {
    const slug = typeof d.data.slug === "string" ? d.data.slug : undefined;
    if (!out.has(`${d.version}|${d.path}`)) out.set(`${d.version}|${d.path}`, { id: d.id, slug });
  }
  for (const p of posts) {
    const m = /^content\/[^/]+\/blog\/(.+)\.mdx?$/.exec(p.file);
    if (m && !out.has(`blog|${m[1]}`)) out.set(`blog|${m[1]}`, { id: p.slug });
  }
  return out;
}

const CONTENT_FILE = /^content\/([^/]+)\/(?:docs\/([^/]+)\/(.+)|blog\/(.+))\.mdx?$/;
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

export function contentLinkRewriter(
  config: CompileSettings,
  file: string,
  locale: string,
  slugs: Map<string, DocTarget> = new Map(),
): (url: string, fromFile?: string) => string {
  const versionOf = (name: string) => config.docs.versions.find((v) => v.name === name);
  /** The page of a content file (any locale's folder: the page is shown in `locale`), or null when there is none. */
  const route = (f: string): string | null => {
    const m = CONTENT_FILE.exec(f);
    if (!m) return null;
    const [, , versionName, docFile, blogFile] = m;
    if (versionName) {
      const version = versionOf(versionName);
      const target = slugs.get(`${versionName}|${docFile}`);
      return version && target ? docPath(config, locale, version, target.id, target.slug) : null;
    }
    const post = slugs.get(`blog|${blogFile}`);
    return post ? `${blogBase(config, locale)}${encodePath(post.id)}/` : null;
  };
  if (config.docusaurus) return docusaurusLinks(config, file, locale, route);
  return linkRewriter({
    file,
    localeBase: localeBase(config, locale),
    baseUrl: config.baseUrl,
    // A page shown in another locale (a missing translation) links within the locale it is shown in.
    routeOfContentFile: (f) =>
      route(f) ?? routeOfContentFile(config, f.replace(/^content\/[^/]+\//, `content/${locale}/`)),
    localePrefixed: (p) => localePrefixed(config, p),
  });
}

const localePrefixed = (config: CompileSettings, p: string) =>
  config.i18n.locales.some((l) => l !== config.i18n.defaultLocale && (p === `/${l}` || p.startsWith(`/${l}/`)));

function splitUrl(url: string): { path: string; rest: string } {
  const at = url.search(/[?#]/);
  return at < 0 ? { path: url, rest: "" } : { path: url.slice(0, at), rest: url.slice(at) };
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** A site path in docsite's folder form: pages end with "/", files keep their name. */
const folderForm = (path: string) => (path.endsWith("/") || /\.[a-z0-9]+$/i.test(path) ? path : `${path}/`);

function docusaurusLinks(
  config: CompileSettings,
  file: string,
  locale: string,
  route: (f: string) => string | null,
): (url: string, fromFile?: string) => string {
  const aliases = config.docusaurus?.aliases ?? {};
  const def = config.i18n.defaultLocale;
  const m = CONTENT_FILE.exec(file);
  const version: VersionConfig | undefined = m?.[2] ? config.docs.versions.find((v) => v.name === m[2]) : undefined;
  /** The content roots `/x.md` is tried from: the locale's own folder, then the default locale's. */
  const roots = m
    ? [
        ...new Set(
          m[2]
            ? [`content/${locale}/docs/${m[2]}`, `content/${def}/docs/${m[2]}`]
            : [`content/${locale}/blog`, `content/${def}/blog`],
        ),
      ]
    : [];

  const own = route(file);
  /** The address the browser resolves this page's relative links against (see the header). */
  const address = (() => {
    if (!own) return undefined;
    const mode = config.docusaurus?.trailingSlash;
    if (mode === true) return own;
    const home = config.i18n.locales.some((l) => localeBase(config, l) === own);
    const versionRoot = version !== undefined && own === versionBase(config, locale, version);
    if (home || (mode !== false && versionRoot)) return own;
    return own.replace(/\/$/, "");
  })();

  /** `fileDir`: the folder `./x.md` is resolved from (the page's, or a partial's when the link is written in one). */
  const markdownTarget = (pathname: string, fileDir: string): string | null => {
    const p = decode(pathname);
    if (p.startsWith("@site/")) return route(applyAliases(p.slice("@site/".length), aliases));
    const tries: string[] = [];
    const fromRoots = () => {
      for (const r of roots) tries.push(posix.join(r, p));
      tries.push(applyAliases(posix.normalize(p.replace(/^\/+/, "")), aliases));
    };
    if (p.startsWith("/")) fromRoots();
    else if (p.startsWith("./") || p.startsWith("../")) tries.push(posix.join(fileDir, p));
    else {
      tries.push(posix.join(fileDir, p));
      fromRoots();
    }
    for (const t of tries) {
      const r = route(posix.normalize(t));
      if (r) return r;
    }
    return null;
  };

  return (url, fromFile) => {
    if (EXTERNAL.test(url) || url.startsWith("//") || url === "") return url;
    const { path, rest } = splitUrl(url);
    if (/\.mdx?$/i.test(path)) {
      const target = markdownTarget(path, posix.dirname(fromFile ?? file));
      if (target) return target + rest;
      // Not a content file: left as written, so the link check names it (Docusaurus reports it too).
      return url;
    }
    if (path.startsWith("/")) {
      // Static files (/img/x.png) are not localized; pages are.
      if (/\.[a-z0-9]+$/i.test(path)) return config.baseUrl + path.slice(1) + rest;
      const local = localePrefixed(config, path)
        ? config.baseUrl + path.slice(1)
        : localeBase(config, locale) + path.slice(1);
      return folderForm(local) + rest;
    }
    if (address === undefined) return url;
    if (path === "") return url.startsWith("#") ? url : address + rest;
    const resolved = new URL(url, `http://docsite.invalid${address}`);
    return folderForm(resolved.pathname) + resolved.search + resolved.hash;
  };
}
