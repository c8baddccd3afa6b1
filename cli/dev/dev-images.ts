// Images in `docsite dev`: the original files, served as they are with their width and height (no encoding, as
// Docusaurus does in dev), so a page shows at once and without layout shift. The build's image stage
// (cli/images/stage.ts) makes the AVIF/WebP sets; dev only reads each file's header for its size.
import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import { join, posix } from "node:path";
import type { ImageRef } from "../mdx/rehype-images.ts";
import { DocsiteError } from "../log.ts";
import type { ImageData, ImageVariantData } from "../../theme/types.ts";

/** URL folder (under the base URL) of the original image files. */
const ORIGINALS = "__docsite/image/";

interface Known {
  mtimeMs: number;
  variant: ImageVariantData;
}

/** `shot.png` → `shot-dark.png`, when that file exists (the image stage's rule, without loading the encoder). */
function darkVariant(root: string, src: string): string | null {
  const dot = src.lastIndexOf(".");
  const dark = `${src.slice(0, dot)}-dark${src.slice(dot)}`;
  return existsSync(join(root, dark)) ? dark : null;
}

export class DevImages {
  /** Source path → data for the renderer. A new map after each change (the renderer caches per map). */
  images: ReadonlyMap<string, ImageData> = new Map();
  private readonly sizes = new Map<string, Known>();
  /** Root-relative paths that may be served: only the images pages use, never any other file. */
  private readonly served = new Set<string>();

  constructor(
    private readonly root: string,
    readonly baseUrl: string,
  ) {}

  /**
   * Adds the images of one page: a missing file is an error naming the page and line; an image without alt text
   * is a warning, as in the build.
   */
  async addPage(file: string, refs: ImageRef[]): Promise<string[]> {
    const warnings: string[] = [];
    const next = new Map(this.images);
    for (const ref of refs) {
      if (ref.alt === undefined)
        warnings.push(
          `${file}:${ref.line}: image ${posix.basename(ref.src)} has no alt text; ` +
            `describe what it shows: ![what it shows](${posix.basename(ref.src)}) or <img alt="…">`,
        );
      if (!existsSync(join(this.root, ref.src)))
        throw new DocsiteError(
          `image not found: ${ref.src}`,
          { file, line: ref.line },
          "check the path: relative to the page, /… in static/, or @site/… from the site root",
        );
      const light = await this.variant(ref.src);
      const darkSrc = darkVariant(this.root, ref.src);
      next.set(ref.src, darkSrc ? { ...light, dark: await this.variant(darkSrc) } : light);
    }
    if (refs.length) this.images = next;
    return warnings;
  }

  /** The file behind `rel` (a path under the base URL), when it is an image a page uses. */
  fileOf(rel: string): string | null {
    if (!rel.startsWith(ORIGINALS)) return null;
    const src = rel.slice(ORIGINALS.length);
    return this.served.has(src) ? join(this.root, src) : null;
  }

  private async variant(src: string): Promise<ImageVariantData> {
    const abs = join(this.root, src);
    const { mtimeMs } = await stat(abs);
    const known = this.sizes.get(src);
    if (known && known.mtimeMs === mtimeMs) return known.variant;
    let meta: { width?: number; height?: number; orientation?: number };
    try {
      // Reads the header only. sharp loads on the first image, not with the server.
      const { default: sharp } = await import("sharp");
      meta = await sharp(abs).metadata();
    } catch (err) {
      throw new DocsiteError(`cannot read image ${src}: ${(err as Error).message}`, { file: src }, "", err);
    }
    const url = this.baseUrl + ORIGINALS + src.split("/").map(encodeURIComponent).join("/");
    // EXIF orientations 5–8 turn the picture a quarter: the browser shows it with width and height swapped.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = (turned ? meta.height : meta.width) ?? 0;
    const height = (turned ? meta.width : meta.height) ?? 0;
    const variant: ImageVariantData = { width, height, src: url, sources: [], full: url };
    this.sizes.set(src, { mtimeMs, variant });
    this.served.add(src);
    return variant;
  }
}
