// Plays moving pictures (theme/mdx/MovingPicture.tsx) while they are in view, for readers who have not asked for
// reduced motion; pauses them when they leave the view. A reader's own pause is kept: a video they paused is not
// started again by scrolling. Pages without a moving picture do not load this script: it is its own file, which
// the page links only when it has one (cli/render/render-route.ts), and it imports nothing, so the site's entry
// chunk is the same with or without it. It keeps working across client-side navigation (`docsite:navigated`), and
// the router loads it when a page reached by client-side navigation links it (theme/client/router.ts, swapHead).

const reduce = matchMedia("(prefers-reduced-motion: reduce)");
/** Videos this script started (so that their pause is ours, not the reader's). */
const ours = new WeakSet<HTMLVideoElement>();
const readerPaused = new WeakSet<HTMLVideoElement>();
/** Pauses this script asked for: the `pause` event comes later, as a task of its own. */
const pausedByUs = new WeakSet<HTMLVideoElement>();

function pause(v: HTMLVideoElement): void {
  if (v.paused) return;
  pausedByUs.add(v);
  v.pause();
}

const observer = new IntersectionObserver(
  (entries) => {
    for (const e of entries) {
      const v = e.target as HTMLVideoElement;
      if (e.isIntersecting && !reduce.matches && !readerPaused.has(v)) {
        v.muted = true;
        ours.add(v);
        v.play().catch(() => ours.delete(v));
      } else if (!e.isIntersecting && ours.has(v)) pause(v);
    }
  },
  { threshold: 0.5 },
);

function watch(root: ParentNode): void {
  observer.disconnect();
  for (const v of root.querySelectorAll<HTMLVideoElement>("video[data-autoplay]")) observer.observe(v);
}

document.addEventListener(
  "pause",
  (e) => {
    const v = e.target as HTMLVideoElement;
    if (!v.matches?.("video[data-autoplay]")) return;
    if (pausedByUs.has(v)) pausedByUs.delete(v);
    else readerPaused.add(v);
  },
  true,
);
document.addEventListener(
  "play",
  (e) => {
    readerPaused.delete(e.target as HTMLVideoElement);
  },
  true,
);
reduce.addEventListener("change", () => {
  if (reduce.matches) for (const v of document.querySelectorAll<HTMLVideoElement>("video[data-autoplay]")) pause(v);
  else watch(document);
});
document.addEventListener("docsite:navigated", () => watch(document));
watch(document);
