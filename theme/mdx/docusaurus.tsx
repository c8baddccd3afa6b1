// What Docusaurus content imports from `@theme/*` and `@docusaurus/*`, mapped onto docsite's components. Pages are
// rendered on the server; these never reach the client bundle on their own.
import type { ReactNode } from "react";
import { Admonition, CodeBlock, Tabs, TabItem, mdxComponents } from "./components.tsx";
import { DocCard, DocCardList, useCurrentSidebarCategory, useDocsSidebar } from "../docs/DocCards.tsx";
import { siteData, siteModules } from "../docusaurus/site-modules.tsx";
import { Head, pageThemeModules } from "../docusaurus/page-frame.tsx";

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
    ...pageThemeModules,
  };
  return { default: modules[name] };
}

/**
 * `@docusaurus/*` modules by name (theme/docusaurus/site-modules.tsx, the same in islands in the browser), with the
 * site's config where they need it.
 */
export function docusaurusModule(name: string, site: Parameters<typeof siteData>[0]): unknown {
  const modules = siteModules(siteData(site));
  // Modules of named hooks only.
  if (name === "theme-common" || name === "plugin-content-docs/client") return { ...modules[name], ...sidebarHooks };
  if (name === "Head") return { default: Head, Head };
  return modules[name] ?? { default: undefined };
}
