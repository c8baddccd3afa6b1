// Builds the route table from the content index and the compiled pages: docs per locale and version (with the
// default locale's page standing in for a missing translation), sidebars, blog lists/archive/posts, and the fixed
// pages (search, versions, 404, the docs root redirect).
import type { SiteConfig, VersionConfig } from "../config/types.ts";
import type { ContentIndex, DocSource, BlogSource } from "../content/scan.ts";
import type { CompiledMdx } from "../mdx/compile.ts";
import type { Strings } from "../i18n/strings.ts";
import { DocsiteError } from "../log.ts";
import { localeBase, docPath, versionBase, blogBase, stripLocale, encodePath } from "./paths.ts";
import { readSidebars, resolveSidebar, flattenSidebar, firstLink, type DocRef } from "./sidebars.ts";
import type { Route, RouteTable, DocRoute, BlogPostSummary, BlogPostRoute } from "./types.ts";

export interface DocPlan {
  locale: string;
  version: VersionConfig;
  id: string;
  source: DocSource;
  untranslated: boolean;
}
export interface BlogPlan {
  locale: string;
  source: BlogSource;
}

/** Which source serves each doc in each locale. Drafts are left out unless `includeDrafts` (dev). */
export function planDocs(
  config: SiteConfig,
  index: ContentIndex,
  includeDrafts: boolean,
): { docs: DocPlan[]; drafts: Set<string> } {
  const drafts = new Set<string>();
  const usable = index.docs.filter((d) => {
    if (d.data.draft && !includeDrafts) {
      drafts.add(`${d.version}|${d.id}`);
      return false;
    }
    return true;
  });
  const docs: DocPlan[] = [];
  const def = config.i18n.defaultLocale;
  for (const version of config.docs.versions) {
    const byLocale = new Map<string, Map<string, DocSource>>();
    for (const d of usable)
      if (d.version === version.name) {
        if (!byLocale.has(d.locale)) byLocale.set(d.locale, new Map());
        byLocale.get(d.locale)!.set(d.id, d);
      }
    const ids = new Set([...byLocale.values()].flatMap((m) => [...m.keys()]));
    for (const locale of config.i18n.locales) {
      for (const id of [...ids].sort()) {
        const own = byLocale.get(locale)?.get(id);
        const fallback = own ?? byLocale.get(def)?.get(id) ?? [...byLocale.values()].find((m) => m.has(id))!.get(id)!;
        docs.push({ locale, version, id, source: fallback, untranslated: !own });
      }
    }
  }
  return { docs, drafts };
}

export function planBlog(index: ContentIndex, includeDrafts: boolean): BlogPlan[] {
  return index.blog.filter((b) => includeDrafts || !b.data.draft).map((source) => ({ locale: source.locale, source }));
}

export const planKey = (p: { locale: string; source: { file: string } }) => `${p.locale}|${p.source.file}`;

export function buildRouteTable(
  config: SiteConfig,
  index: ContentIndex,
  plans: { docs: DocPlan[]; drafts: Set<string>; blog: BlogPlan[] },
  compiled: Map<string, CompiledMdx>,
  strings: Map<string, Strings>,
  onDuplicate: (msg: string) => void,
): RouteTable {
  const routes: Route[] = [];
  const byPath = new Map<string, Route>();
  const sidebars = new Map<string, import("./sidebars.ts").SidebarNode[]>();
  const sidebarLinks = new Map<string, string>();
  const add = (r: Route) => {
    const prev = byPath.get(r.path);
    if (prev) {
      onDuplicate(`duplicate route ${r.path}: ${prev.origin} and ${r.origin}; the first one is kept`);
      return;
    }
    byPath.set(r.path, r);
    routes.push(r);
  };
  const keyOf = (path: string) => stripLocale(config, path).rest;

  for (const locale of config.i18n.locales) {
    const t = strings.get(locale)!;
    const base = localeBase(config, locale);

    for (const page of index.pages) {
      const path = base + (page.slug ? `${encodePath(page.slug)}/` : "");
      add({ kind: "page", path, locale, key: keyOf(path), origin: page.file, module: page });
    }

    // Docs, version by version.
    const last = config.docs.versions.find((v) => v.isLast)!;
    const docsRoot = `${base}${config.docs.routeBasePath}/`;
    add({
      kind: "redirect",
      path: docsRoot,
      locale,
      key: keyOf(docsRoot),
      origin: "site.config.json (docs)",
      to: versionBase(config, locale, last),
    });
    for (const version of config.docs.versions) {
      const plansHere = plans.docs.filter((p) => p.locale === locale && p.version === version);
      const refs = new Map<string, DocRef>();
      const skipped = new Set(
        [...plans.drafts].filter((k) => k.startsWith(`${version.name}|`)).map((k) => k.slice(version.name.length + 1)),
      );
      for (const p of plansHere) {
        const d = p.source.data;
        if (d.unlisted) {
          skipped.add(p.id);
          continue;
        }
        refs.set(p.id, {
          id: p.id,
          label: String(d.sidebar_label ?? d.title ?? p.id),
          href: docPath(config, locale, version, p.id, d.slug as string | undefined),
          position: typeof d.sidebar_position === "number" ? d.sidebar_position : undefined,
        });
      }
      const { data: sidebarInput, text } = readSidebars(config.rootDir, version.sidebarsFile);
      const docSidebar = new Map<string, string>();
      const order = new Map<string, Array<{ docId: string; href: string; label: string }>>();
      for (const [sidebarId, items] of Object.entries(sidebarInput)) {
        const nodes = resolveSidebar(items, {
          docs: refs,
          drafts: skipped,
          translate: (k) => t.t(k),
          file: version.sidebarsFile,
          text,
        });
        sidebars.set(`${locale}|${version.name}|${sidebarId}`, nodes);
        const flat = flattenSidebar(nodes);
        order.set(sidebarId, flat);
        for (const f of flat) if (!docSidebar.has(f.docId)) docSidebar.set(f.docId, sidebarId);
        const first = firstLink(nodes);
        if (first && version.isLast) sidebarLinks.set(`${locale}|${sidebarId}`, first);
      }
      for (const p of plansHere) {
        const c = compiled.get(planKey(p));
        if (!c) throw new Error(`internal: ${p.source.file} was not compiled for ${locale}`);
        const d = p.source.data;
        const path = docPath(config, locale, version, p.id, d.slug as string | undefined);
        const sidebarId = docSidebar.get(p.id);
        const flat = sidebarId ? order.get(sidebarId)! : [];
        const at = flat.findIndex((f) => f.docId === p.id);
        const pn = (i: number) =>
          i >= 0 && i < flat.length ? { title: flat[i].label, href: flat[i].href } : undefined;
        const route: DocRoute = {
          kind: "doc",
          path,
          locale,
          key: keyOf(path),
          origin: p.source.file,
          unlisted: Boolean(d.unlisted),
          version,
          id: p.id,
          source: p.source,
          compiled: c,
          title: String(d.title ?? c.headings[0]?.text ?? p.id),
          description: String(d.description ?? ""),
          sidebarId,
          sidebarKey: sidebarId ? `${locale}|${version.name}|${sidebarId}` : undefined,
          prev: at > 0 ? pn(at - 1) : undefined,
          next: at >= 0 ? pn(at + 1) : undefined,
          untranslated: p.untranslated,
        };
        add(route);
      }
    }

    // Blog.
    const posts = plans.blog
      .filter((p) => p.locale === locale)
      .map((p): BlogPostRoute => {
        const c = compiled.get(planKey(p))!;
        const d = p.source.data;
        if (!d.date)
          throw new DocsiteError(
            "blog post has no date",
            { file: p.source.file, line: 2 },
            "add `date: YYYY-MM-DD` to the front matter",
          );
        const href = `${blogBase(config, locale)}${encodePath(p.source.slug)}/`;
        const post: BlogPostSummary = {
          slug: p.source.slug,
          href,
          title: String(d.title ?? p.source.slug),
          description: String(d.description ?? ""),
          date: String(d.date),
          authors: (d.authors as string[]) ?? [],
          tags: (d.tags as string[]) ?? [],
          readingMinutes: Math.max(1, Math.ceil(c.wordCount / config.blog.wordsPerMinute)),
        };
        return {
          kind: "blogPost",
          path: href,
          locale,
          key: keyOf(href),
          origin: p.source.file,
          unlisted: Boolean(d.unlisted),
          source: p.source,
          compiled: c,
          post,
        };
      })
      .sort((a, b) =>
        a.post.date < b.post.date ? 1 : a.post.date > b.post.date ? -1 : a.post.slug.localeCompare(b.post.slug),
      );
    const listed = posts.filter((p) => !p.unlisted);
    listed.forEach((p, i) => {
      // Newer post first in the list; "previous" is the newer one, as readers scroll back in time.
      if (i > 0) p.prev = { title: listed[i - 1].post.title, href: listed[i - 1].path };
      if (i < listed.length - 1) p.next = { title: listed[i + 1].post.title, href: listed[i + 1].path };
    });
    const blogRoot = blogBase(config, locale);
    const perPage = config.blog.postsPerPage;
    const totalPages = Math.max(1, Math.ceil(listed.length / perPage));
    const pageHref = (n: number) => (n === 1 ? blogRoot : `${blogRoot}page/${n}/`);
    for (let n = 1; n <= totalPages; n++) {
      const path = pageHref(n);
      add({
        kind: "blogList",
        path,
        locale,
        key: keyOf(path),
        origin: "content/*/blog",
        page: n,
        totalPages,
        posts: listed.slice((n - 1) * perPage, n * perPage).map((p) => p.post),
        prevHref: n > 1 ? pageHref(n - 1) : undefined,
        nextHref: n < totalPages ? pageHref(n + 1) : undefined,
      });
    }
    const years = new Map<string, BlogPostSummary[]>();
    for (const p of listed) {
      const y = p.post.date.slice(0, 4);
      if (!years.has(y)) years.set(y, []);
      years.get(y)!.push(p.post);
    }
    const archive = `${blogRoot}archive/`;
    add({
      kind: "blogArchive",
      path: archive,
      locale,
      key: keyOf(archive),
      origin: "content/*/blog",
      years: [...years].map(([year, ps]) => ({ year, posts: ps })),
    });
    posts.forEach(add);

    for (const kind of ["search", "versions"] as const) {
      const path = `${base}${kind}/`;
      add({ kind, path, locale, key: keyOf(path), origin: "docsite" });
    }
    const nf = `${base}404.html`;
    add({ kind: "notFound", path: nf, locale, key: keyOf(nf), origin: "docsite", unlisted: true });
  }

  // A navbar docSidebar item must lead somewhere.
  for (const item of config.navbar.items) {
    if (item.type !== "docSidebar") continue;
    for (const locale of config.i18n.locales) {
      if (!sidebarLinks.has(`${locale}|${item.sidebarId}`)) {
        const known = [...new Set([...sidebars.keys()].map((k) => k.split("|")[2]))];
        throw new DocsiteError(
          `navbar item "${item.label}" points to sidebar "${item.sidebarId}", which has no link${known.includes(item.sidebarId) ? "" : " (no such sidebar)"}`,
          { file: "site.config.json" },
          `use a sidebar with at least one doc: ${known.join(", ")}`,
        );
      }
    }
  }
  return { routes, byPath, sidebars, sidebarLinks };
}
