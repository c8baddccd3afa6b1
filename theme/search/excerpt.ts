// Marks for the local provider: which words of a title or text answer the query, and the stretch of text worth
// showing as a snippet. Works on plain text and returns segments, so nothing here is ever parsed as HTML.
import type { Segment } from "./types.ts";
import { words, termsOf, matchWeight, type Word } from "./words.ts";

const answers = (w: Word, stems: string[]) => termsOf(w).some((t) => stems.some((q) => matchWeight(t, q) > 0));

/** Segments of text[from, to) with the listed words marked. */
function segments(text: string, marked: Word[], from: number, to: number): Segment[] {
  const out: Segment[] = [];
  let at = from;
  for (const w of marked) {
    if (w.start < from || w.end > to) continue;
    if (w.start > at) out.push({ text: text.slice(at, w.start), mark: false });
    out.push({ text: text.slice(w.start, w.end), mark: true });
    at = w.end;
  }
  if (to > at) out.push({ text: text.slice(at, to), mark: false });
  return out;
}

/** The whole text, matching words marked (titles and headings). */
export function highlight(text: string, stems: string[]): Segment[] {
  return segments(
    text,
    words(text).filter((w) => answers(w, stems)),
    0,
    text.length,
  );
}

/**
 * About `length` words of text around the densest run of matches (the start of the text when nothing matches),
 * with "…" where the text was cut.
 */
export function excerpt(text: string, stems: string[], length = 24): Segment[] {
  const all = words(text);
  if (!all.length) return [];
  const hit = all.map((w) => answers(w, stems));
  // The window of `length` words holding the most matches…
  let best = 0;
  let bestCount = 0;
  let count = 0;
  for (let i = 0; i < all.length; i++) {
    if (hit[i]) count++;
    if (i >= length && hit[i - length]) count--;
    if (count > bestCount) {
      bestCount = count;
      best = Math.max(0, i - length + 1);
    }
  }
  // …starting three words before its first match, so the snippet does not open on the marked word.
  const first = hit.indexOf(true, best);
  const bestStart = first === -1 ? 0 : Math.max(0, first - 3);
  const end = Math.min(all.length, bestStart + length);
  const from = bestStart === 0 ? 0 : all[bestStart].start;
  const to = end === all.length ? text.length : all[end - 1].end;
  const out = segments(
    text,
    all.filter((_, i) => hit[i]),
    from,
    to,
  );
  if (from > 0) out.unshift({ text: "… ", mark: false });
  if (to < text.length) out.push({ text: " …", mark: false });
  return out;
}
