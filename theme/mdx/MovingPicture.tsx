// A moving picture from a video file (cli/images/video.ts): a muted, looping <video> with controls that loads
// nothing but its poster until it plays. Without JavaScript, and for readers who prefer reduced motion, it stays
// still: the poster and the controls, played on request. theme/client/moving-pictures.ts (loaded only by pages
// that have one) plays it while it is in view for everyone else.
//
// The poster is a lazy <picture> under the <video> rather than the video's `poster` attribute: browsers fetch a
// poster attribute with the page, and a <picture> gets the image stage's WebP widths. A <video> with nothing
// loaded paints nothing, so the picture shows through until the first frame covers it.
import type { ImageVariantData } from "../types.ts";

/** Column width of .markdown (docs.css), as for images. */
const SIZES = "(max-width: 996px) 100vw, 860px";

function Poster({ v, eager }: { v: ImageVariantData; eager: boolean }) {
  const sizes = v.width < 860 ? `${v.width}px` : SIZES;
  return (
    <picture className="doc-video__poster">
      {v.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
      ))}
      <img
        src={v.src}
        srcSet={v.srcset}
        sizes={v.srcset ? sizes : undefined}
        width={v.width}
        height={v.height}
        alt=""
        loading={eager ? undefined : "lazy"}
        decoding="async"
      />
    </picture>
  );
}

export function MovingPicture({
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
  const video = v.video!;
  const seconds = Math.round(video.durationMs / 1000);
  return (
    <span className={`doc-video ${className}`.trim()} data-duration={seconds || undefined}>
      {video.poster && <Poster v={video.poster} eager={eager} />}
      <video
        className="doc-video__player"
        width={v.width}
        height={v.height}
        controls
        muted
        loop
        playsInline
        // With a poster nothing is fetched before it plays; without one, enough to show the first frame.
        preload={video.poster ? "none" : "metadata"}
        aria-label={alt || undefined}
        data-autoplay=""
      >
        <source src={v.src} type={video.type} />
        <a href={v.src}>{alt || v.src}</a>
      </video>
    </span>
  );
}
