// One async load per key, shared by every caller; a failed load is forgotten, so the next call (say, once the
// network is back) tries again. Used for pages (client router), the search config and the search index files.
export interface MemoAsync<T> {
  (key: string): Promise<T>;
  has(key: string): boolean;
  forget(key: string): void;
}

export function memoAsync<T>(load: (key: string) => Promise<T>): MemoAsync<T> {
  const cache = new Map<string, Promise<T>>();
  const get = (key: string): Promise<T> => {
    let p = cache.get(key);
    if (!p) {
      p = load(key);
      cache.set(key, p);
      p.catch(() => cache.delete(key));
    }
    return p;
  };
  return Object.assign(get, {
    has: (key: string) => cache.has(key),
    forget: (key: string) => {
      cache.delete(key);
    },
  });
}
