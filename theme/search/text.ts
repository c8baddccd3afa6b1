// Turning provider output into Segments (text + "matched" flags) that are rendered as text nodes. Providers mark
// matches with <mark>…</mark> inside otherwise HTML-escaped text; everything else that looks like a tag is dropped
// and entities are decoded, so no string from the index or the query ever reaches innerHTML.
import type { Segment } from "./types.ts";

/** Where the client config of a locale lives; the build writes it there (cli/search). */
export const configUrl = (base: string, locale: string) => `${base}search-index/${locale}/config.json`;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[e.toLowerCase()] ?? all;
  });
}

/** "a <mark>b</mark> c" (escaped HTML) → segments. */
export function markedSegments(html: string): Segment[] {
  const out: Segment[] = [];
  const parts = html.split(/<mark>|<\/mark>/);
  parts.forEach((part, i) => {
    const text = decodeEntities(part.replace(/<[^>]*>/g, ""));
    if (text) out.push({ text, mark: i % 2 === 1 });
  });
  return out;
}

export const plainText = (segs: Segment[]) => segs.map((s) => s.text).join("");
