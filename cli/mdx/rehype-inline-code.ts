// Rehype plugin: finds the inline code a page's content holds — a `<script>` without `src` (raw HTML in a `.md`
// file, JSX in MDX) and event-handler attributes such as `onclick` or `onError` — and records each with its line.
// The site's Content-Security-Policy allows only docsite's own inline code (cli/emit/security-headers.ts), so a
// browser never runs these; the build names each one in a warning instead of letting it fail silently.
import { walk } from "./walk.ts";
import type { Root } from "hast";

/** A piece of inline code in a page's content, as found by the compile. */
export interface InlineCodeRef {
  /** Line in the content file. */
  line: number;
  /** What it is: "<script>" or the attribute's name ("onclick"). */
  what: string;
  /** The partial it is in, when not in the page's own file. */
  file?: string;
}

interface Options {
  lineOffset: number;
  found: InlineCodeRef[];
}

const HANDLER = /^on[a-z]/i;

type AnyNode = {
  type: string;
  tagName?: string;
  name?: string | null;
  properties?: Record<string, unknown>;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  position?: { start: { line: number } };
};

export function rehypeInlineCode(opts: Options) {
  return (tree: Root) => {
    walk(tree, (node: AnyNode) => {
      const line = (node.position?.start.line ?? 1) + opts.lineOffset;
      if (node.type === "element") {
        const props = node.properties ?? {};
        if (node.tagName === "script" && props.src === undefined) opts.found.push({ line, what: "<script>" });
        for (const name of Object.keys(props))
          if (HANDLER.test(name) && props[name] != null) opts.found.push({ line, what: name.toLowerCase() });
      } else if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
        const attrs = node.attributes ?? [];
        const named = (n: string) => attrs.some((a) => a.type === "mdxJsxAttribute" && a.name === n);
        if (node.name === "script" && !named("src")) opts.found.push({ line, what: "<script>" });
        for (const a of attrs)
          if (a.type === "mdxJsxAttribute" && a.name && HANDLER.test(a.name))
            opts.found.push({ line, what: a.name.toLowerCase() });
      }
      return undefined;
    });
  };
}

/** The warnings for a page's inline code: one per piece, naming the file and line. */
export function inlineCodeWarnings(file: string, found: InlineCodeRef[] | undefined): string[] {
  return (found ?? []).map(
    (f) =>
      `${f.file ?? file}:${f.line}: ${f.what === "<script>" ? "inline <script>" : `event handler attribute ${f.what}`} in ` +
      "content: the site's Content-Security-Policy allows only docsite's own inline code, so browsers will not run " +
      "it; load code from a file (a component, or a script under static/)",
  );
}

/** The warning for an HTML file a page links to (published as `out`) when it holds inline scripts or handlers. */
export function htmlFileWarnings(file: string, out: string, bytes: Uint8Array): string[] {
  const html = new TextDecoder().decode(bytes);
  const script = /<script(?![^>]*\ssrc\s*=)[^>]*>\s*[^<\s]/i.test(html);
  const handler = /<[a-z][^>]*\son[a-z]+\s*=/i.test(html);
  if (!script && !handler) return [];
  return [
    `${file}: this HTML file, published as ${out}, has ${script ? "inline scripts" : "event handler attributes"}: ` +
      "the site's Content-Security-Policy allows only docsite's own inline code, so browsers will not run them " +
      "there; move the code into a .js file next to it",
  ];
}
