// A moving picture from a video file (cli/images/video.ts): a muted, looping <video> with controls that loads
// nothing but its poster until it plays, and the poster only when it comes near the view (`loading="lazy"` on
// <video>: browsers that do not know it fetch the poster with the page). Without JavaScript, and for readers who
// prefer reduced motion, it stays still: the poster and the controls, played on request.
// theme/client/moving-pictures.ts (loaded only by pages that have one) plays it while it is in view for everyone else.
import type { ImageVariantData } from "../types.ts";

/**
 * The poster's URL: its 960 px WebP when the image stage made one (the size a docs column needs on most screens;
 * a poster cannot have a srcset), else its own file.
 */
export function posterUrl(p: ImageVariantData): string {
  const candidates = [...p.sources.map((s) => s.srcset), p.srcset ?? ""]
    .flatMap((set) => set.split(", "))
    .map((c) => c.trim().split(" ")[0])
    .filter((u) => u.endsWith(".webp"));
  return candidates[0] ?? p.src;
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
      <video
        className="doc-video__player"
        width={v.width}
        height={v.height}
        poster={video.poster ? posterUrl(video.poster) : undefined}
        {...(eager ? {} : { loading: "lazy" })}
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
