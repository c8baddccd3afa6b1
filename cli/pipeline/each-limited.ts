// Bounded concurrency over a list of async jobs, collecting errors instead of stopping at the first.

/** Runs `work` over `items` with `limit` in flight; every item runs, errors are returned, not thrown. */
export async function eachLimited<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<Array<{ item: T; error: unknown }>> {
  const errors: Array<{ item: T; error: unknown }> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++];
        try {
          await work(item);
        } catch (error) {
          errors.push({ item, error });
        }
      }
    }),
  );
  return errors;
}
