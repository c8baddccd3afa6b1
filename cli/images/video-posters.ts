// Which still image is each video's poster: the one the page names (`<video poster="…">`), else
// `clip.poster.webp|png|jpg|jpeg` beside `clip.mp4`. The posters join the images the stage encodes, first used
// where their video is, so a poster gets the same WebP widths, dimensions and cache as any image.
import { existsSync } from "node:fs";
import { join, posix } from "node:path";
import { DocsiteError } from "../log.ts";
import { VIDEO_EXT, type ImageRef } from "../mdx/rehype-images.ts";
import { posterCandidates } from "./video.ts";

type Use = { file: string; line: number };

/**
 * Video source → poster source, for every video in `firstUse` and its `-dark` twin; adds the posters to `firstUse`.
 * A video without a poster gets a warning (`warn`); a poster the page names that does not exist fails the build.
 */
export function videoPosters(opts: {
  root: string;
  pages: ReadonlyArray<{ file: string; images: ImageRef[] }>;
  firstUse: Map<string, Use>;
  /** The `-dark` twin of a file, or null (stage.ts, darkSibling). */
  darkSibling: (src: string) => string | null;
  warn: (msg: string) => void;
  skipFailing?: boolean;
}): Map<string, string> {
  const { root, pages, firstUse, warn } = opts;
  const named = new Map<string, { poster: string; at: Use }>();
  for (const page of pages)
    for (const ref of page.images)
      if (ref.poster && VIDEO_EXT.test(ref.src) && !named.has(ref.src))
        named.set(ref.src, { poster: ref.poster, at: { file: page.file, line: ref.line } });
  const out = new Map<string, string>();
  const videos = [...firstUse.keys()].filter((src) => VIDEO_EXT.test(src));
  for (const video of videos) {
    const at = firstUse.get(video)!;
    const dark = opts.darkSibling(video);
    for (const src of dark ? [video, dark] : [video]) {
      const given = src === video ? named.get(src) : undefined;
      if (given && !existsSync(join(root, given.poster))) {
        const err = new DocsiteError(
          `poster not found: ${given.poster}`,
          given.at,
          "check the path of poster=, or leave it out to use clip.poster.png beside clip.mp4",
        );
        if (!opts.skipFailing) throw err;
        warn(`${given.at.file}:${given.at.line}: ${err.message} (video shown without a poster)`);
        continue;
      }
      const poster = given?.poster ?? posterCandidates(src).find((p) => existsSync(join(root, p)));
      if (!poster) {
        warn(
          `${at.file}:${at.line}: video ${posix.basename(src)} has no poster; put a still of its first frame beside ` +
            `it as ${posix.basename(posterCandidates(src)[1])} (readers who prefer reduced motion see it instead)`,
        );
        continue;
      }
      out.set(src, poster);
      if (!firstUse.has(poster)) firstUse.set(poster, at);
    }
  }
  return out;
}
