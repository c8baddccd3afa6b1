// What Docusaurus content imports from `@theme/*` and `@docusaurus/*`, mapped onto docsite's components. Pages are
// rendered on the server; these never reach the client bundle on their own.
import { createElement, type ReactNode } from "react";
import { Admonition, CodeBlock, Tabs, TabItem, mdxComponents } from "./components.tsx";
import { DocCard, DocCardList, useCurrentSidebarCategory, useDocsSidebar } from "../docs/DocCards.tsx";
import { siteData, siteModules, type SiteData } from "../docusaurus/site-modules.tsx";
import { clientModule } from "../docusaurus/client-api.ts";
import { Head, pageThemeModules } from "../docusaurus/page-frame.tsx";

export function Details({ summary, children, ...rest }: { summary?: ReactNode; children: ReactNode }) {
  return (
    <details {...rest}>
      {summary !== undefined && (typeof summary === "string" ? <summary>{summary}</summary> : summary)}
      {children}
    </details>
  );
}

/** `<CodeBlock language="js" title="x">{"code"}</CodeBlock>` as Docusaurus' theme component takes it. */
export function ThemeCodeBlock({
  language,
  className,
  title,
  children,
}: {
  language?: string;
  className?: string;
  title?: string;
  children: ReactNode;
}) {
  const lang = language ?? /language-(\S+)/.exec(className ?? "")?.[1] ?? "text";
  const text = typeof children === "string" ? children.replace(/\n$/, "") : children;
  return (
    <CodeBlock lang={lang} title={title}>
      <pre>
        <code className={`language-${lang}`}>{text}</code>
      </pre>
    </CodeBlock>
  );
}

interface TocItem {
  value: string;
  id: string;
  level: number;
}

/**
 * `<TOCInline toc={toc} />`: the page's headings as a nested list of links, between `minHeadingLevel` (2) and
 * `maxHeadingLevel` (3) as in Docusaurus. `toc` is the page's own export (cli/mdx/remark-docsite.ts makes it); a
 * heading's `value` is HTML made there from its Markdown (escaped text, code, emphasis).
 */
export function TOCInline({
  toc,
  minHeadingLevel = 2,
  maxHeadingLevel = 3,
  className,
}: {
  toc?: readonly TocItem[];
  minHeadingLevel?: number;
  maxHeadingLevel?: number;
  className?: string;
}) {
  const items = (Array.isArray(toc) ? toc : []).filter((i) => i.level >= minHeadingLevel && i.level <= maxHeadingLevel);
  if (!items.length) return null;
  // Nest each item under the nearest earlier item of a lower level.
  type Node = { item: TocItem; children: Node[] };
  const root: Node[] = [];
  const stack: Node[] = [];
  for (const item of items) {
    const node = { item, children: [] };
    while (stack.length && stack[stack.length - 1].item.level >= item.level) stack.pop();
    (stack.length ? stack[stack.length - 1].children : root).push(node);
    stack.push(node);
  }
  const list = (nodes: Node[]): ReactNode => (
    <ul>
      {nodes.map((n) => (
        <li key={n.item.id}>
          <a href={`#${n.item.id}`}>{tocValue(String(n.item.value ?? ""))}</a>
          {n.children.length > 0 && list(n.children)}
        </li>
      ))}
    </ul>
  );
  return <div className={["toc-inline", className].filter(Boolean).join(" ")}>{list(root)}</div>;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };
const unescapeHtml = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ENTITIES[e]);

/**
 * A toc entry's HTML as elements, without injecting it: `<code>`, `<em>` and `<strong>` are kept (what headings
 * hold), any other tag is dropped and text stays text.
 */
function tocValue(html: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /<(code|em|strong)>([\s\S]*?)<\/\1>|<[^>]*>/g;
  let last = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m.index > last) out.push(unescapeHtml(html.slice(last, m.index)));
    if (m[1]) out.push(createElement(m[1], { key: m.index }, unescapeHtml(m[2].replace(/<[^>]*>/g, ""))));
    last = re.lastIndex;
  }
  if (last < html.length) out.push(unescapeHtml(html.slice(last)));
  return out;
}

/**
 * `<ThemedImage sources={{ light, dark }} alt />`: both images, the one for the other colour mode hidden by the
 * same CSS that switches docsite's own dark-mode images (theme/styles/images.css).
 */
export function ThemedImage({
  sources,
  alt,
  className,
  ...rest
}: {
  sources?: { light?: string; dark?: string };
  alt?: string;
  className?: string;
}) {
  const img = (src: string | undefined, mode: "light" | "dark") =>
    src ? (
      <img
        {...rest}
        src={src}
        alt={alt ?? ""}
        className={[className, `doc-image__${mode}`].filter(Boolean).join(" ")}
      />
    ) : null;
  if (!sources?.dark || sources.dark === sources.light) return img(sources?.light ?? sources?.dark, "light");
  return (
    <span className="doc-image doc-image--inline">
      {img(sources.light, "light")}
      {img(sources.dark, "dark")}
    </span>
  );
}

/** The page component drawing an element (`A` → the link), or the plain element for one docsite leaves alone. */
function mdxPart(part: string): unknown {
  const all = mdxComponents as Record<string, unknown>;
  if (part === "Heading")
    return ({ as = "h2", ...props }: { as?: string }) => createElement((all[as] as string) ?? as, props);
  if (part === "Details") return Details;
  const tag = part.toLowerCase();
  return all[tag] ?? all[part] ?? tag;
}

/** `@theme/*` modules by name, as module objects (the component is the default export). */
export function themeModule(name: string): { default: unknown } {
  const modules: Record<string, unknown> = {
    Admonition,
    Tabs,
    TabItem,
    CodeBlock: ThemeCodeBlock,
    Details,
    MDXComponents: { ...mdxComponents, Details, details: Details },
    DocCardList,
    DocCard,
    ...pageThemeModules,
    // Content's own: the theme's image pair also when one source is missing (doc-image CSS).
    TOCInline,
    ThemedImage,
  };
  // `@theme/MDXComponents/A` and the like (what a swizzled component wraps): the page component for that element.
  const part = /^MDXComponents\/(\w+)$/.exec(name)?.[1];
  if (part) return { default: mdxPart(part) };
  return { default: modules[name] };
}

type SiteConfigLike = Parameters<typeof siteData>[0];

// The modules of a site config, made once per config object (a page's render asks for several).
const modulesOf = new WeakMap<SiteConfigLike, Record<string, Record<string, unknown>>>();

/** The hooks that read the sidebar of the page being rendered: the server's only (client-api.ts: serverOnly). */
const sidebarHooks = { useCurrentSidebarCategory, useDocsSidebar };

/**
 * `@docusaurus/*` modules by name, deep paths included (theme/docusaurus/site-modules.tsx, the same in islands in
 * the browser), with the server's additions: Head, theme-common's Details and the sidebar hooks. A module docsite
 * does not have is an error naming it (the build names the importing file before a page is drawn).
 */
export function docusaurusModule(name: string, site: SiteConfigLike): Record<string, unknown> {
  const found = clientModule(name);
  if ("why" in found) throw new Error(`"@docusaurus/${name}" is not provided by docsite: ${found.why}`);
  let modules = modulesOf.get(site);
  if (!modules) {
    const data: SiteData = siteData(site);
    const shared = siteModules(data);
    modules = {
      ...shared,
      Head: { default: Head },
      "theme-common/Details": { default: Details, Details },
      "theme-common": { ...shared["theme-common"], ...sidebarHooks },
      "theme-common/internal": { ...shared["theme-common/internal"], ...sidebarHooks },
      "plugin-content-docs/client": { ...shared["plugin-content-docs/client"], ...sidebarHooks },
    };
    modulesOf.set(site, modules);
  }
  return modules[found.name];
}
