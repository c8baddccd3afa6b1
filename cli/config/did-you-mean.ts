// "Did you mean …?" for a misspelt name: the known name nearest by edit distance, when it is near enough to be a typo.

/** Levenshtein distance, with a cut-off: anything above `max` is reported as max + 1. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, row[j]);
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length];
}

/** The known name `name` is most likely a typo of (case and `-`/`_` ignored first), or undefined. */
export function didYouMean(name: string, known: Iterable<string>): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[-_]/g, "");
  const max = name.length <= 4 ? 1 : name.length <= 10 ? 2 : 3;
  let best: { name: string; d: number } | undefined;
  for (const k of known) {
    const d = norm(k) === norm(name) ? 0 : distance(name.toLowerCase(), k.toLowerCase(), max);
    if (d <= max && (!best || d < best.d)) best = { name: k, d };
  }
  return best?.name;
}

/** " (did you mean "x"?)" or "". */
export const suggestion = (name: string, known: Iterable<string>): string => {
  const s = didYouMean(name, known);
  return s ? ` (did you mean "${s}"?)` : "";
};
