// `@theme/Layout`, `@docusaurus/Head`, `@theme/Heading` and `@theme/ThemedImage` for Docusaurus pages and
// components. docsite draws the navbar and footer around every page itself, so a page's `<Layout>` only frames its
// content and hands its title and description to the document's head (through PageHead, which the server's render
// of a page provides; in the browser there is none and nothing is recorded).
import {
  Children,
  createContext,
  Fragment,
  createElement as h,
  isValidElement,
  useContext,
  type ReactNode,
} from "react";

/** What a page's Layout and Head said about the document: read after the page is drawn (render/render-job.ts). */
export interface PageHeadData {
  title?: string;
  /** Head's `<title>`: the whole title, without the site's name added. */
  fullTitle?: string;
  description?: string;
  keywords?: string[];
  image?: string;
  noFooter?: boolean;
}

export const PageHead = createContext<PageHeadData | null>(null);

const text = (node: ReactNode): string =>
  typeof node === "string" || typeof node === "number"
    ? String(node)
    : Array.isArray(node)
      ? node.map(text).join("")
      : isValidElement(node)
        ? text((node.props as { children?: ReactNode }).children)
        : "";

export function Layout({
  title,
  description,
  keywords,
  image,
  noFooter,
  wrapperClassName,
  children,
}: {
  title?: string;
  description?: string;
  keywords?: string | string[];
  image?: string;
  noFooter?: boolean;
  wrapperClassName?: string;
  children?: ReactNode;
  // Docusaurus' other props (pageClassName, searchMetadata…) are accepted and not used.
  [other: string]: unknown;
}) {
  const head = useContext(PageHead);
  if (head) {
    if (title) head.title = title;
    if (description) head.description = description;
    if (keywords) head.keywords = Array.isArray(keywords) ? keywords : keywords.split(/,\s*/);
    if (image) head.image = image;
    if (noFooter) head.noFooter = true;
  }
  return h(
    "div",
    { id: "main-content", tabIndex: -1, className: `main-wrapper${wrapperClassName ? ` ${wrapperClassName}` : ""}` },
    children,
  );
}

/** Records the `<title>` and `<meta name="description">` a page puts in its head; draws nothing. */
export function Head({ children }: { children?: ReactNode }) {
  const head = useContext(PageHead);
  if (head)
    Children.forEach(children, (c) => {
      if (!isValidElement(c)) return;
      const props = c.props as { name?: string; property?: string; content?: string; children?: ReactNode };
      if (c.type === "title") head.fullTitle = text(props.children);
      else if (c.type === "meta" && props.name === "description" && props.content) head.description = props.content;
      else if (c.type === "meta" && props.name === "keywords" && props.content)
        head.keywords = props.content.split(/,\s*/);
    });
  return null;
}

/** A heading with its anchor link, as Docusaurus' `@theme/Heading` draws one. */
export function Heading({ as = "h2", id, children, ...rest }: { as?: string; id?: string; children?: ReactNode }) {
  if (as === "h1" || !id) return h(as, { id, ...rest }, children);
  return h(
    as,
    { id, ...rest },
    children,
    h("a", { href: `#${id}`, className: "hash-link", "aria-label": `Direct link to ${text(children)}` }, "\u200B"),
  );
}

/** Both images of a light/dark pair; CSS shows the one of the page's colour mode (theme/styles/infima-compat.css). */
export function ThemedImage({
  sources,
  className,
  ...rest
}: {
  sources: { light: string; dark: string };
  className?: string;
  alt?: string;
}) {
  return h(
    Fragment,
    null,
    h("img", { ...rest, src: sources.light, className: `themed-image--light${className ? ` ${className}` : ""}` }),
    h("img", { ...rest, src: sources.dark, className: `themed-image--dark${className ? ` ${className}` : ""}` }),
  );
}

/** `@theme/*` modules of pages (the content components are theme/mdx/docusaurus.tsx's). */
export const pageThemeModules: Record<string, unknown> = { Layout, Heading, ThemedImage };
