// Whether the reader's connection asks us to save data: prefetching is skipped then.
export function saveData(): boolean {
  const c = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return Boolean(c && (c.saveData || /(^|-)2g$/.test(c.effectiveType ?? "")));
}
