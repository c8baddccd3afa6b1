// What Docusaurus content imports from `@theme/*` and `@docusaurus/*`, mapped onto docsite's components. Pages are
// rendered on the server; these never reach the client bundle on their own.
import { createElement, type ReactNode } from "react";
import { Admonition, CodeBlock, Tabs, TabItem, mdxComponents } from "./components.tsx";
import { DocCard, DocCardList, useCurrentSidebarCategory, useDocsSidebar } from "../docs/DocCards.tsx";

/** The sidebar hooks of `@docusaurus/theme-common` and `@docusaurus/plugin-content-docs/client` that docsite has. */
const sidebarHooks = { useCurrentSidebarCategory, useDocsSidebar };

export function Details({ summary, children, ...rest }: { summary?: ReactNode; children: ReactNode }) {
  return (
    <details {...rest}>
      {summary !== undefined && (typeof summary === "string" ? <summary>{summary}</summary> : summary)}
      {children}
    </details>
  );
}

/** `<CodeBlock language="js" title="x">{"code"}</CodeBlock>` as Docusaurus' theme component takes it. */
function ThemeCodeBlock({
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
  };
  return { default: modules[name] };
}

/** `@docusaurus/*` modules by name, with the site's base URL and config where they need them. */
export function docusaurusModule(name: string, site: { baseUrl: string; title: string; url: string }): unknown {
  const withBase = (url: string) =>
    /^([a-z][a-z0-9+.-]*:|\/\/|#)/i.test(url) || url.startsWith(site.baseUrl)
      ? url
      : site.baseUrl + url.replace(/^\//, "");
  const Link = ({ to, href, children, ...rest }: { to?: string; href?: string; children?: ReactNode }) =>
    createElement("a", { href: to !== undefined ? withBase(to) : href, ...rest }, children);
  const modules: Record<string, unknown> = {
    Link,
    useBaseUrl: withBase,
    BrowserOnly: () => null,
    Head: () => null,
    useDocusaurusContext: () => ({ siteConfig: { baseUrl: site.baseUrl, title: site.title, url: site.url } }),
    Translate: ({ children }: { children?: ReactNode }) => children ?? null,
    Interpolate: ({ children }: { children?: ReactNode }) => children ?? null,
  };
  // Modules of named hooks only.
  if (name === "theme-common" || name === "plugin-content-docs/client") return { ...sidebarHooks };
  const value = modules[name];
  // `import useBaseUrl from ...` reads `.default`; hooks like useBaseUrl are also named exports.
  return { default: value, [name]: value, translate: (m: { message: string }) => m.message };
}
