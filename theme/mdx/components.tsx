// Components available to every MDX page without an import: Docusaurus-compatible Admonition, Tabs/TabItem,
// CodeBlock (produced by the build from fenced code), headings with anchor links.
import { Children, isValidElement, useId, type ReactNode, type ReactElement } from "react";
import { useT } from "../context.tsx";
import { Icon } from "../icons.tsx";
import { externalLinkProps, isExternalHref } from "../external-link.tsx";
import { ExternalMark } from "../layout/external-mark.tsx";
import { DocsiteImage } from "./DocImage.tsx";
import { useThemeOverride } from "../layout/overrides.tsx";

const ADMONITION_ICONS: Record<string, string> = { note: "ℹ", tip: "💡", info: "ℹ", warning: "⚠", danger: "🔥" };

export function Admonition({ type, title, children }: { type: string; title?: string; children: ReactNode }) {
  const t = useT();
  // `caution` has its own label and the look of `warning`, as in Docusaurus.
  const look = type === "caution" ? "warning" : type;
  return (
    <div className={`admonition admonition--${look}`} role="note">
      <p className="admonition__title">
        <span aria-hidden="true">{ADMONITION_ICONS[look] ?? "ℹ"}</span> {title ?? t(`theme.admonition.${type}`)}
      </p>
      <div className="admonition__body">{children}</div>
    </div>
  );
}

export function CodeBlock({ lang, title, children }: { lang: string; title?: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="code-block" data-lang={lang}>
      {title && <div className="code-block__title">{title}</div>}
      <div className="code-block__body">
        {children}
        <button
          type="button"
          className="code-block__copy icon-button"
          data-copy
          aria-label={t("theme.CodeBlock.copyButtonAriaLabel")}
          data-copied-label={t("theme.CodeBlock.copied")}
        >
          <Icon name="copy" size={16} />
        </button>
      </div>
    </div>
  );
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };

/** The text of a highlighted code block (its lines are one HTML string: cli/mdx/rehype-code.ts), as it was written. */
export function codeText(node: ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(codeText).join("");
  if (!isValidElement(node)) return "";
  const props = node.props as { children?: ReactNode; dangerouslySetInnerHTML?: { __html?: string } };
  const html = props.dangerouslySetInnerHTML?.__html;
  if (typeof html === "string")
    return html.replace(/<[^>]*>/g, "").replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_m, e: string) => ENTITIES[e]);
  return codeText(props.children);
}

/** The `<code>` element's props of a compiled code block (cli/mdx/rehype-code.ts), or undefined. */
function codeProps(node: ReactNode): Record<string, unknown> | undefined {
  if (Array.isArray(node)) return node.map(codeProps).find(Boolean);
  if (!isValidElement(node)) return undefined;
  const props = node.props as Record<string, unknown>;
  if (node.type === "code" || props.dangerouslySetInnerHTML) return props;
  return codeProps(props.children as ReactNode);
}

/**
 * The metastring Docusaurus gives a swizzled CodeBlock (`{2,4} showLineNumbers=3`), from what the compile kept of it:
 * the highlighted lines (`line-hl`, magic comments included, which the compile took out of the code) and the first
 * line number.
 */
function codeMetastring(children: ReactNode): string | undefined {
  const props = codeProps(children);
  if (!props) return undefined;
  const parts: string[] = [];
  const html = (props.dangerouslySetInnerHTML as { __html?: string } | undefined)?.__html ?? "";
  const lines = html.match(/<span class="line[^"]*">/g) ?? [];
  const highlighted = lines.flatMap((l, i) => (l.includes("line-hl") ? [i + 1] : []));
  if (highlighted.length) parts.push(`{${highlighted.join(",")}}`);
  if (String(props.className ?? "").includes("code--numbered")) {
    const start = /line (-?\d+)/.exec(String((props.style as { counterReset?: string } | undefined)?.counterReset));
    parts.push(`showLineNumbers=${start ? Number(start[1]) + 1 : 1}`);
  }
  return parts.join(" ") || undefined;
}

/**
 * A code block of content: a site's `@theme/CodeBlock` when it overrides it, with the props Docusaurus gives it
 * (`children` the code as a string, `className` "language-x", `language`, `title`), else docsite's own.
 */
function ContentCodeBlock(props: { lang: string; title?: string; children: ReactNode }) {
  const Override = useThemeOverride("CodeBlock");
  if (!Override) return <CodeBlock {...props} />;
  const metastring = codeMetastring(props.children);
  return (
    <Override
      className={`language-${props.lang}`}
      language={props.lang}
      title={props.title}
      {...(metastring ? { metastring } : {})}
    >
      {codeText(props.children).replace(/\n$/, "")}
    </Override>
  );
}

/** `@theme/Admonition` as content draws it: a site's override when there is one (same props), else docsite's. */
function ContentAdmonition(props: { type: string; title?: string; children: ReactNode }) {
  const Override = useThemeOverride("Admonition");
  return Override ? <Override {...props} /> : <Admonition {...props} />;
}

interface TabItemProps {
  value: string;
  label?: string;
  default?: boolean;
  children: ReactNode;
}

export function TabItem({ children }: TabItemProps) {
  return <>{children}</>;
}

/**
 * Tabs render every panel; inactive panels are hidden by CSS only when JavaScript runs (html.js), so without
 * JavaScript every alternative is readable one after another.
 */
export function Tabs({
  children,
  defaultValue,
  groupId,
  values,
}: {
  children: ReactNode;
  defaultValue?: string | null;
  groupId?: string;
  /** Docusaurus' `values={[{label, value}]}`: the tabs' labels (a TabItem's own label wins) and their order. */
  values?: ReadonlyArray<{ value: string; label?: string }>;
}) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const found = Children.toArray(children).filter(
    (c): c is ReactElement<TabItemProps> => isValidElement(c) && typeof (c.props as TabItemProps).value === "string",
  );
  const listed = new Map((Array.isArray(values) ? values : []).map((v, i) => [v.value, { label: v.label, i }]));
  const items = found.sort((a, b) => (listed.get(a.props.value)?.i ?? 1e9) - (listed.get(b.props.value)?.i ?? 1e9));
  const labelOf = (i: ReactElement<TabItemProps>) => i.props.label ?? listed.get(i.props.value)?.label ?? i.props.value;
  const selected = defaultValue ?? items.find((i) => i.props.default)?.props.value ?? items[0]?.props.value;
  return (
    <div className="tabs" data-tabs data-group={groupId}>
      <div role="tablist" className="tabs__list">
        {items.map((i) => {
          const on = i.props.value === selected;
          return (
            <button
              type="button"
              role="tab"
              key={i.props.value}
              id={`tab-${id}-${i.props.value}`}
              aria-controls={`panel-${id}-${i.props.value}`}
              aria-selected={on}
              tabIndex={on ? 0 : -1}
              className="tabs__tab"
              data-value={i.props.value}
            >
              {labelOf(i)}
            </button>
          );
        })}
      </div>
      {items.map((i) => (
        <div
          role="tabpanel"
          key={i.props.value}
          id={`panel-${id}-${i.props.value}`}
          aria-labelledby={`tab-${id}-${i.props.value}`}
          className="tabs__panel"
          data-inactive={i.props.value === selected ? undefined : ""}
          tabIndex={0}
        >
          <p className="tabs__nojs-label">{labelOf(i)}</p>
          {i.props.children}
        </div>
      ))}
    </div>
  );
}

function heading(Tag: "h2" | "h3" | "h4" | "h5" | "h6") {
  return function Heading({ id, children }: { id?: string; children: ReactNode }) {
    const t = useT();
    // Docusaurus draws headings of content with `@theme/MDXComponents/Heading` (`{ as, id, children }`).
    const part = useThemeOverride("MDXComponents/Heading");
    const whole = useThemeOverride("Heading");
    const Override = part ?? whole;
    if (Override)
      return (
        <Override as={Tag} id={id}>
          {children}
        </Override>
      );
    return (
      <Tag id={id} className="anchor">
        {children}
        {id && (
          <a
            className="hash-link"
            href={`#${id}`}
            aria-label={t("theme.common.headingLinkTitle", { heading: typeof children === "string" ? children : "" })}
          >
            #
          </a>
        )}
      </Tag>
    );
  };
}

function A({ href, children, ...rest }: { href?: string; children: ReactNode }) {
  const t = useT();
  const Override = useThemeOverride("MDXComponents/A");
  if (Override)
    return (
      <Override href={href} {...rest}>
        {children}
      </Override>
    );
  const external = isExternalHref(href);
  return (
    <a href={href} {...rest} {...(external ? externalLinkProps : {})}>
      {children}
      {external && <ExternalMark hint={t("theme.common.opensInNewTab")} />}
    </a>
  );
}

function Table({ children }: { children: ReactNode }) {
  // Focusable so keyboard users can scroll a wide table.
  return (
    <div className="table-wrap" tabIndex={0}>
      <table>{children}</table>
    </div>
  );
}

export const mdxComponents = {
  Admonition: ContentAdmonition,
  CodeBlock: ContentCodeBlock,
  Tabs,
  TabItem,
  h2: heading("h2"),
  h3: heading("h3"),
  h4: heading("h4"),
  h5: heading("h5"),
  h6: heading("h6"),
  a: A,
  table: Table,
  DocsiteImage,
};
