// <DocsiteImage>: what the build puts where content has a local image. Draws a <picture> with AVIF/WebP srcsets,
// width and height (no layout shift), lazy loading below the first image, a link to the full-size file (works
// without JavaScript), a dark-mode variant toggled by CSS on html[data-theme], and a caption.
import { createContext, useContext } from "react";
import type { ImageData, ImageVariantData } from "../types.ts";
import { MovingPicture } from "./MovingPicture.tsx";

/** The image stage's results for the page being rendered, by source path. */
export const ImagesContext = createContext<ReadonlyMap<string, ImageData>>(new Map());

/** Column width of .markdown (docs.css): the browser picks a srcset entry for this, not the viewport. */
const SIZES = "(max-width: 996px) 100vw, 860px";

interface Props {
  src: string;
  alt: string;
  caption?: string;
  block?: string;
  eager?: string;
  nolink?: string;
}

function Picture({
  v,
  alt,
  eager,
  className,
}: {
  v: ImageVariantData;
  alt: string;
  eager: boolean;
  className: string;
}) {
  const sizes = v.width < 860 ? `${v.width}px` : SIZES;
  return (
    <picture className={className}>
      {v.poster && <source media="(prefers-reduced-motion: reduce)" srcSet={v.poster} />}
      {v.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
      ))}
      <img
        src={v.src}
        srcSet={v.srcset}
        sizes={v.srcset ? sizes : undefined}
        width={v.width || undefined}
        height={v.height || undefined}
        alt={alt}
        loading={eager ? undefined : "lazy"}
        decoding={eager ? undefined : "async"}
        fetchPriority={eager ? "high" : undefined}
      />
    </picture>
  );
}

const isSvg = (url: string) => /\.svg(?:[?#]|$)/i.test(url);

export function DocsiteImage({ src, alt, caption, block, eager, nolink }: Props) {
  const data = useContext(ImagesContext).get(src);
  // The stage runs before rendering; no data means a renderer without it (a test): say where the image would be.
  if (!data) return <span className="doc-image doc-image--missing">{alt}</span>;
  const variants: Array<[ImageVariantData, string]> = data.dark
    ? [
        [data, "doc-image__light"],
        [data.dark, "doc-image__dark"],
      ]
    : [[data, ""]];
  const pictures = variants.map(([v, cls], i) => {
    // A video has its own controls: no link around it (MovingPicture.tsx).
    if (v.video) return <MovingPicture key={cls} v={v} alt={alt} eager={Boolean(eager) && i === 0} className={cls} />;
    // The dark variant stays lazy: in light mode it is display:none and never loads.
    const pic = <Picture key={cls} v={v} alt={alt} eager={Boolean(eager) && i === 0} className={cls} />;
    // No "full size" link where there is no file of it (an imported page's <img> of a missing file). An SVG opened
    // as a document runs its own scripts with the site's origin (on a host that sends no CSP), and a vector image
    // has no larger size to show: no link to it either.
    return nolink || !v.full || isSvg(v.full) ? (
      pic
    ) : (
      <a key={cls} className={`doc-image__link ${cls}`} href={v.full}>
        {pic}
      </a>
    );
  });
  if (!block) return <span className="doc-image doc-image--inline">{pictures}</span>;
  return (
    <figure className={data.video ? "doc-image doc-image--video" : "doc-image"}>
      {pictures}
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}
