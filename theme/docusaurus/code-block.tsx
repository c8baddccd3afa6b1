// The parts of Docusaurus' code block (`@theme/CodeBlock/*`, `@theme/Icon/WordWrap`, `@theme/Icon/Success`) for a
// site's swizzled CodeBlock: docsite draws code blocks of its own (theme/mdx/components.tsx), but an ejected
// CodeBlock imports the parts it did not eject, with the props Docusaurus 3.10's classic theme gives them
// (packages/docusaurus-theme-classic/src/theme/CodeBlock/). Each is written here for docsite; none highlights code:
// that is the site's own String part with its prism-react-renderer, which hands the parts its tokens.
import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from "react";
import { interpolate } from "./page-state.ts";

const cx = (...names: unknown[]) => names.filter((n) => typeof n === "string" && n).join(" ");

interface Token {
  types: string[];
  content: string;
  empty?: boolean;
}

type LineProps = { className?: string; style?: object; [prop: string]: unknown };

/** `@theme/CodeBlock/Line/Token`: one token as a span (what a site swizzles to style tokens). */
export function CodeBlockLineToken({
  line: _line,
  token: _token,
  ...props
}: { line: Token[]; token: Token } & ComponentProps<"span">) {
  return <span {...props} />;
}

/**
 * `@theme/CodeBlock/Line`: one line of tokens, `getLineProps`/`getTokenProps` from prism-react-renderer. A line
 * holding only its line break draws empty, and each line ends with a `<br>` so that an empty line keeps its height.
 */
export function CodeBlockLine({
  line: given,
  classNames,
  showLineNumbers,
  getLineProps,
  getTokenProps,
}: {
  line: Token[];
  classNames?: string[];
  showLineNumbers?: boolean;
  getLineProps: (input: { line: Token[]; className?: string }) => LineProps;
  getTokenProps: (input: { token: Token }) => LineProps & { children?: ReactNode };
}) {
  const line = given.length === 1 && given[0].content === "\n" ? [{ ...given[0], content: "" }] : given;
  const lineProps = getLineProps({
    line,
    className: cx(...(classNames ?? []), showLineNumbers && "code-block-line"),
  });
  const tokens = line.map((token, i) => {
    const tokenProps = getTokenProps({ token });
    return (
      <CodeBlockLineToken key={i} {...tokenProps} line={line} token={token}>
        {tokenProps.children}
      </CodeBlockLineToken>
    );
  });
  return (
    <div {...lineProps}>
      {showLineNumbers ? (
        <>
          <span className="code-block-line__number" />
          <span className="code-block-line__content">{tokens}</span>
        </>
      ) : (
        tokens
      )}
      <br />
    </div>
  );
}

/** `@theme/CodeBlock/Container`: `{ as: "div" | "pre", ...props }`, the block's frame with Docusaurus' class. */
export function CodeBlockContainer({
  as: As = "div",
  className,
  ...props
}: { as?: "div" | "pre" } & ComponentProps<"div">) {
  return <As {...(props as object)} className={cx(className, "theme-code-block")} />;
}

/** `@theme/CodeBlock/Content/Element`: a `<pre>` whose children are elements, drawn as they are, not highlighted. */
export function CodeBlockContentElement({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <CodeBlockContainer as="pre" tabIndex={0} className={cx("thin-scrollbar", className)}>
      <code>{children}</code>
    </CodeBlockContainer>
  );
}

/** `@theme/CodeBlock/Title`: the title as it is (Docusaurus' pass-through, for a site to swizzle). */
export const CodeBlockTitle = ({ children }: { children?: ReactNode }) => <>{children}</>;

/** `@theme/CodeBlock/Buttons/Button`: a plain button with Infima's `clean-btn`. */
export function CodeBlockButton({ className, ...props }: ComponentProps<"button">) {
  return <button type="button" {...props} className={cx("clean-btn", className)} />;
}

/** `@theme/Icon/WordWrap`: lines wrapping onto the next (an arrow coming back), in the text's colour. */
export function IconWordWrap(props: ComponentProps<"svg">) {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} {...props}>
      <path
        fill="currentColor"
        d="M3 5h18v2H3zm0 12h7v2H3zm0-6h14.5a3.5 3.5 0 0 1 0 7H15v2l-3.5-3 3.5-3v2h2.5a1.5 1.5 0 0 0 0-3H3z"
      />
    </svg>
  );
}

/** `@theme/Icon/Success`: a check mark. */
export function IconSuccess(props: ComponentProps<"svg">) {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} {...props}>
      <path fill="currentColor" d="m9 16.2-4.2-4.2-1.4 1.4L9 19 21 7l-1.4-1.4z" />
    </svg>
  );
}

/** `@theme/Icon/Copy`: two sheets. */
export function IconCopyPages(props: ComponentProps<"svg">) {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} {...props}>
      <path
        fill="currentColor"
        d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12zm3 4H8a2 2 0 0 0-2 2v14c0 1.1.9 2 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11z"
      />
    </svg>
  );
}

const translateOr = (message: string, values?: Record<string, string>) => String(interpolate(message, values));

/**
 * `@theme/CodeBlock/CopyButton` (Docusaurus ≤ 3.8's place; 3.9+ `Buttons/CopyButton`): `{ code, className }`, copies
 * the code and says so for a second.
 */
export function CodeBlockCopyButton({ code, className }: { code?: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onClick = () => {
    void navigator.clipboard?.writeText(code ?? "");
    setCopied(true);
    timer.current = window.setTimeout(() => setCopied(false), 1000);
  };
  return (
    <CodeBlockButton
      aria-label={copied ? translateOr("Copied") : translateOr("Copy code to clipboard")}
      title={translateOr("Copy")}
      className={cx(className, copied && "code-block-button--copied")}
      onClick={onClick}
    >
      <span aria-hidden="true">{copied ? <IconSuccess /> : <IconCopyPages />}</span>
    </CodeBlockButton>
  );
}

/**
 * `@theme/CodeBlock/WordWrapButton` (≤ 3.8's place): `{ className, onClick, isEnabled }`, the toggle of wrapped
 * lines.
 */
export function CodeBlockWordWrapButton({
  className,
  onClick,
  isEnabled,
}: {
  className?: string;
  onClick?: () => void;
  isEnabled?: boolean;
}) {
  const title = translateOr("Toggle word wrap");
  return (
    <CodeBlockButton
      onClick={onClick}
      className={cx(className, isEnabled && "code-block-button--enabled")}
      aria-label={title}
      title={title}
    >
      <IconWordWrap aria-hidden="true" />
    </CodeBlockButton>
  );
}

/** Docusaurus' theme names of these parts → their export here (theme/layout/own-theme.tsx registers them). */
export const CODE_BLOCK_PARTS: Readonly<Record<string, string>> = {
  "CodeBlock/Line": "CodeBlockLine",
  "CodeBlock/Line/Token": "CodeBlockLineToken",
  "CodeBlock/Container": "CodeBlockContainer",
  "CodeBlock/Content/Element": "CodeBlockContentElement",
  "CodeBlock/Title": "CodeBlockTitle",
  "CodeBlock/Buttons/Button": "CodeBlockButton",
  "CodeBlock/CopyButton": "CodeBlockCopyButton",
  "CodeBlock/WordWrapButton": "CodeBlockWordWrapButton",
  "Icon/WordWrap": "IconWordWrap",
  "Icon/Success": "IconSuccess",
};
