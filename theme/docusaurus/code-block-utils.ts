// Docusaurus' code-block helpers of `@docusaurus/theme-common/internal` (utils/codeBlockUtils, useCodeWordWrap),
// written for docsite: what a swizzled CodeBlock computes its lines, title, line numbers and word wrap with. The
// highlighted lines come from the metastring's `{1,3-5}` ranges, else from magic comments in the code, as in
// Docusaurus; a comment is recognised in any of the common comment forms (Docusaurus narrows them by language).
import {
  createContext,
  createElement,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from "react";

/** The Prism theme's plain colours as Docusaurus' CSS variables on the block. */
export function prismCssVariables(theme: { plain?: Record<string, string> } | undefined): Record<string, string> {
  const names: Record<string, string> = { color: "--prism-color", backgroundColor: "--prism-background-color" };
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(theme?.plain ?? {})) if (names[key]) out[names[key]] = value;
  return out;
}

export interface MagicComment {
  className: string;
  line?: string;
  block?: { start: string; end: string };
}

/** A code block's `title="…"` from its metastring. */
export const parseCodeBlockTitle = (metastring?: string): string =>
  /title=(?<quote>["'])(?<title>.*?)\1/.exec(metastring ?? "")?.groups?.title ?? "";

/** The language of a `language-x` class. */
export const parseLanguage = (className?: string): string | undefined =>
  className
    ?.split(" ")
    .find((c) => c.startsWith("language-"))
    ?.replace(/language-/, "");

export const containsLineNumbers = (metastring?: string): boolean => Boolean(metastring?.includes("showLineNumbers"));

/** The first line number: `showLineNumbers` (a boolean or a number) wins over the metastring's `showLineNumbers=N`. */
export function getLineNumbersStart({
  showLineNumbers,
  metastring,
}: {
  showLineNumbers?: boolean | number;
  metastring?: string;
}): number | undefined {
  if (typeof showLineNumbers === "boolean") return showLineNumbers ? 1 : undefined;
  if (typeof showLineNumbers === "number") return showLineNumbers;
  const meta = metastring?.split(" ").find((s) => s.startsWith("showLineNumbers"));
  if (!meta) return undefined;
  return meta.startsWith("showLineNumbers=") ? Number.parseInt(meta.slice("showLineNumbers=".length), 10) : 1;
}

/** `1,3-5` → [1, 3, 4, 5]. */
function numbersOf(range: string): number[] {
  const out: number[] = [];
  for (const part of range.split(",")) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(part);
    if (!m) continue;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    for (let n = from; n <= to; n++) out.push(n);
  }
  return out;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A line that is only a magic comment (`// highlight-next-line`, `# highlight-start`, `<!-- highlight-end -->`…). */
function directiveOf(line: string, directives: string[]): string | undefined {
  const names = directives.map(escapeRegExp).join("|");
  const forms = [
    ["\\/\\/", ""],
    ["\\/\\*", "\\*\\/"],
    ["\\{\\s*\\/\\*", "\\*\\/\\s*\\}"],
    ["#", ""],
    ["<!--", "-->"],
    ["--", ""],
    ["%", ""],
    [";;", ""],
  ];
  const re = new RegExp(`^\\s*(?:${forms.map(([s, e]) => `${s}\\s*(${names})\\s*${e}`).join("|")})\\s*$`);
  const m = re.exec(line);
  return m?.slice(1).find((d) => d !== undefined);
}

/**
 * The code without its last line break and its magic comment lines, and the class names of each line (by index
 * from 0): Docusaurus' parseLines.
 */
export function parseLines(
  content: string,
  {
    metastring,
    language,
    magicComments = [],
  }: { metastring?: string; language?: string; magicComments?: MagicComment[] } = {},
): { lineClassNames: Record<number, string[]>; code: string } {
  const code = content.replace(/\r?\n$/, "");
  const range = /\{(?<range>[\d,-]+)\}/.exec(metastring ?? "")?.groups?.range;
  if (range !== undefined) {
    const className = magicComments[0]?.className ?? "theme-code-block-highlighted-line";
    const lineClassNames: Record<number, string[]> = {};
    for (const n of numbersOf(range)) if (n > 0) lineClassNames[n - 1] = [className];
    return { lineClassNames, code };
  }
  if (language === undefined || !magicComments.length) return { lineClassNames: {}, code };
  const directives = magicComments.flatMap((d) => [d.line, d.block?.start, d.block?.end].filter(Boolean) as string[]);
  const lines = code.split(/\r?\n/);
  const lineClassNames: Record<number, string[]> = {};
  const add = (n: number, className: string) => {
    lineClassNames[n] ??= [];
    if (!lineClassNames[n].includes(className)) lineClassNames[n].push(className);
  };
  const open = new Map<string, number>();
  for (let n = 0; n < lines.length; ) {
    const directive = directiveOf(lines[n], directives);
    if (!directive) {
      n++;
      continue;
    }
    for (const d of magicComments) {
      if (d.line === directive) add(n, d.className);
      else if (d.block?.start === directive) open.set(d.className, n);
      else if (d.block?.end === directive) for (let i = open.get(d.className) ?? n; i < n; i++) add(i, d.className);
    }
    lines.splice(n, 1);
  }
  return { lineClassNames, code: lines.join("\n") };
}

export interface CodeWordWrap {
  codeBlockRef: { current: HTMLPreElement | null };
  isEnabled: boolean;
  isCodeScrollable: boolean;
  toggle: () => void;
}

/**
 * Docusaurus' useCodeWordWrap: the `<pre>` to attach `codeBlockRef` to, whether its lines are wrapped, whether its
 * code scrolls sideways (known once mounted, and again when the block is resized), and the toggle.
 */
export function useCodeWordWrap(): CodeWordWrap {
  const codeBlockRef = useRef<HTMLPreElement | null>(null);
  const [isEnabled, setEnabled] = useState(false);
  const [isCodeScrollable, setScrollable] = useState(false);
  const toggle = useCallback(() => {
    const code = codeBlockRef.current?.querySelector("code");
    if (code) {
      // Style properties, not a style attribute: the site's Content-Security-Policy allows these.
      code.style.whiteSpace = isEnabled ? "" : "pre-wrap";
      code.style.overflowWrap = isEnabled ? "" : "anywhere";
    }
    setEnabled((e) => !e);
  }, [isEnabled]);
  useEffect(() => {
    const pre = codeBlockRef.current;
    if (!pre) return;
    const check = () => {
      const code = pre.querySelector("code");
      setScrollable(Boolean(code && code.scrollWidth > code.clientWidth) || pre.scrollWidth > pre.clientWidth);
    };
    check();
    if (typeof ResizeObserver === "undefined") return;
    const watch = new ResizeObserver(check);
    watch.observe(pre);
    return () => watch.disconnect();
  }, [isEnabled]);
  return { codeBlockRef, isEnabled, isCodeScrollable, toggle };
}

export interface CodeBlockMetadata {
  codeInput: string;
  code: string;
  className: string;
  language: string;
  title?: ReactNode;
  lineNumbersStart?: number;
  lineClassNames: Record<number, string[]>;
}

/** Docusaurus 3.9+'s createCodeBlockMetadata: what the code block's parts draw. */
export function createCodeBlockMetadata(params: {
  code: string;
  className?: string;
  language?: string;
  defaultLanguage?: string;
  metastring?: string;
  magicComments?: MagicComment[];
  title?: ReactNode;
  showLineNumbers?: boolean | number;
}): CodeBlockMetadata {
  const language =
    (params.language ?? parseLanguage(params.className) ?? params.defaultLanguage)?.toLowerCase() ?? "text";
  const { lineClassNames, code } = parseLines(params.code, {
    metastring: params.metastring,
    magicComments: params.magicComments,
    language,
  });
  const given = params.className ?? "";
  const className = [given, !given.includes(`language-${language}`) && `language-${language}`]
    .filter(Boolean)
    .join(" ");
  return {
    codeInput: params.code,
    code,
    className,
    language,
    title: parseCodeBlockTitle(params.metastring) || params.title,
    lineNumbersStart: getLineNumbersStart({ showLineNumbers: params.showLineNumbers, metastring: params.metastring }),
    lineClassNames,
  };
}

interface CodeBlockContextValue {
  metadata: CodeBlockMetadata;
  wordWrap: CodeWordWrap;
}

const CodeBlockContext = createContext<CodeBlockContextValue | null>(null);

/** Docusaurus' CodeBlockContextProvider: the block's metadata and word wrap for its parts (the buttons). */
export function CodeBlockContextProvider({
  metadata,
  wordWrap,
  children,
}: CodeBlockContextValue & { children?: ReactNode }) {
  return createElement(CodeBlockContext.Provider, { value: { metadata, wordWrap } }, children);
}

export function useCodeBlockContext(): CodeBlockContextValue {
  const value = useContext(CodeBlockContext);
  if (!value) throw new Error("useCodeBlockContext is used outside a <CodeBlockContextProvider>");
  return value;
}
