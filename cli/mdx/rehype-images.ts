// Rehype plugin: finds local images in a compiled page (Markdown `![alt](src "caption")` and JSX `<img src="…">`
// with literal attributes) and replaces each with a <DocsiteImage> element that the image stage fills in with
// dimensions, srcset and variants. The compile stays pure: it only records what it found (file and line).
import { walk, SKIP } from "./walk.ts";
import { posix } from "node:path";
import type { Root, Element, Parent } from "hast";
import { DocsiteError } from "../log.ts";

/** An image a page refers to, as found by the compile. */
export interface ImageRef {
  /** Path of the image from the site root (`content/media/x.png`, `static/img/y.png`). */
  src: string;
  /** Line in the content file. */
  line: number;
  /** `undefined` when the source gave none (Markdown `![](x)` or `<img>` without `alt`). */
  alt?: string;
  /** A video's poster named by the page (`<video poster="…">`), from the site root. */
  poster?: string;
}

/** Formats the image stage encodes; anything else (remote URLs, data URIs, unknown types) is left as it is. */
export const IMAGE_EXT = /\.(png|jpe?g|webp|avif|gif|svg)$/i;
/** Video file extensions the image stage publishes (cli/images/video.ts). */
export const VIDEO_EXT = /\.mp4$/i;

interface Options {
  /** The content file, from the site root (`content/en/docs/v8/x.mdx`). */
  file: string;
  lineOffset: number;
  found: ImageRef[];
  /**
   * Where a relative image that is not beside the page is (an imported Docusaurus page's `../../assets/x.png`
   * leaving the folder it was moved out of): the path from the site root, or null to keep the page-relative one.
   */
  relocate?: (src: string) => string | null;
}

/**
 * Where a local image lives, from the site root, or null for anything that is not a local image:
 * `./x.png` and `../x.png` are relative to the page, `/img/x.png` is in static/ (as in Docusaurus),
 * `@site/x.png` is relative to the site root. A video file (`clip.mp4`) is a moving picture, found the same way.
 */
export function resolveImageSrc(file: string, src: string): string | null {
  const rel = localImagePath(file, src);
  return rel === null || leavesProject(rel) ? null : rel;
}

/** The path of a local image from the site root, normalised, wherever it leads (null for other sources). */
function localImagePath(file: string, src: string): string | null {
  const path = src.split(/[?#]/)[0];
  if (!(IMAGE_EXT.test(path) || VIDEO_EXT.test(path)) || /^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith("//"))
    return null;
  let rel: string;
  if (path.startsWith("@site/")) rel = path.slice("@site/".length);
  else if (path.startsWith("/")) rel = posix.join("static", path);
  else rel = posix.join(posix.dirname(file), safeDecode(path));
  return posix.normalize(rel);
}

const leavesProject = (rel: string) => rel === ".." || rel.startsWith("../") || posix.isAbsolute(rel);

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

type JsxNode = {
  type: "mdxJsxFlowElement" | "mdxJsxTextElement";
  name: string | null;
  attributes: Array<{ type: string; name?: string; value?: unknown }>;
  children: unknown[];
  position?: { start: { line: number } };
};

const attr = (name: string, value: string) => ({ type: "mdxJsxAttribute", name, value });

export function rehypeImages(opts: Options) {
  return (tree: Root) => {
    let count = 0;
    const replace = (
      parent: Parent,
      index: number,
      node: { position?: { start: { line: number } } },
      props: { src: string; alt?: string; title?: string; poster?: string },
      block: boolean,
    ) => {
      const line = (node.position?.start.line ?? 1) + opts.lineOffset;
      const near = localImagePath(opts.file, props.src);
      if (!near) return false;
      // An imported page's relative image that is not beside it is looked up where the page was (relocate).
      const src =
        opts.relocate && !leavesProject(near) && !/^(\/|@site\/)/.test(props.src)
          ? (opts.relocate(near) ?? near)
          : near;
      // Nothing outside the project is read into the site: such a path is a missing image, as a wrong one is.
      if (leavesProject(src))
        throw new DocsiteError(
          `image not found: ${props.src} leads outside the project folder`,
          { file: opts.file, line },
          "keep images inside the project: next to the page, in static/ (/img/…), or @site/… from the site root",
        );
      const poster = props.poster ? (resolveImageSrc(opts.file, props.poster) ?? undefined) : undefined;
      opts.found.push({ src, line, alt: props.alt || undefined, ...(poster ? { poster } : {}) });
      const attributes = [attr("src", src), attr("alt", props.alt ?? "")];
      if (props.title) attributes.push(attr("caption", props.title));
      if (block) attributes.push(attr("block", "true"));
      if (count++ === 0) attributes.push(attr("eager", "true"));
      // Inside a link already: no second link to the full-size image.
      if ((parent as Element).tagName === "a") attributes.push(attr("nolink", "true"));
      (parent.children as unknown[])[index] = {
        type: block ? "mdxJsxFlowElement" : "mdxJsxTextElement",
        name: "DocsiteImage",
        attributes,
        children: [],
        position: node.position,
      };
      return true;
    };

    walk(tree, (node: any, index, parent: Parent | undefined) => {
      if (!parent || index === undefined) return undefined;
      // A paragraph holding only an image is a figure: the paragraph goes, the image becomes a block.
      if (node.type === "element" && node.tagName === "p") {
        const kids = (node as Element).children.filter((c) => !(c.type === "text" && !c.value.trim()));
        if (kids.length === 1 && kids[0].type === "element" && kids[0].tagName === "img") {
          const img = kids[0];
          const p = img.properties ?? {};
          const props = { src: String(p.src ?? ""), alt: p.alt as string | undefined, title: p.title as string };
          if (replace(parent, index, img, props, true)) return SKIP;
        }
        return undefined;
      }
      if (node.type === "element" && node.tagName === "img") {
        const p = (node as Element).properties ?? {};
        replace(
          parent,
          index,
          node,
          { src: String(p.src ?? ""), alt: p.alt as string, title: p.title as string },
          false,
        );
        return undefined;
      }
      if (
        (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") &&
        (node.name === "img" || node.name === "video")
      ) {
        const jsx = node as JsxNode;
        const literal = (name: string) => {
          const a = jsx.attributes.find((x) => x.type === "mdxJsxAttribute" && x.name === name);
          return typeof a?.value === "string" ? a.value : undefined;
        };
        if (jsx.name === "video") {
          // `<video src="./clip.mp4" poster="./clip.png" aria-label="…" title="…">`: a moving picture, described by
          // aria-label (a video has no alt) and captioned by title. Other videos are the author's business.
          const src = literal("src");
          if (!src || !VIDEO_EXT.test(src.split(/[?#]/)[0])) return undefined;
          const label = jsx.attributes.some((x) => x.name === "aria-label") ? (literal("aria-label") ?? "") : undefined;
          const props = { src, alt: label, title: literal("title"), poster: literal("poster") };
          replace(parent, index, jsx, props, jsx.type === "mdxJsxFlowElement");
          return undefined;
        }
        const src = literal("src");
        // Expressions (src={…}) are the author's business; only literal local paths are processed.
        if (!src) return undefined;
        const hasAlt = jsx.attributes.some((x) => x.name === "alt");
        const props = { src, alt: hasAlt ? (literal("alt") ?? "") : undefined, title: literal("title") };
        // An explicit alt="" is a decorative image, which is allowed: record it as given.
        if (replace(parent, index, jsx, props, jsx.type === "mdxJsxFlowElement") && hasAlt && !props.alt)
          opts.found[opts.found.length - 1].alt = "";
        return undefined;
      }
      return undefined;
    });
  };
}
