// localStorage that never throws: when storage is unavailable (privacy mode, disabled cookies, sandboxed frame)
// one warning is logged and it behaves as empty.
let warned = false;
let store: Storage | null | undefined;

function getStore(): Storage | null {
  if (store !== undefined) return store;
  try {
    const s = window.localStorage;
    const probe = "__docsite_probe__";
    s.setItem(probe, probe);
    s.removeItem(probe);
    store = s;
  } catch (err) {
    store = null;
    if (!warned) {
      warned = true;
      console.warn(
        `docsite: browser storage is unavailable, so preferences will not be remembered (${(err as Error)?.message ?? err}).`,
      );
    }
  }
  return store;
}

export const safeStorage = {
  get(key: string): string | null {
    try {
      return getStore()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      getStore()?.setItem(key, value);
    } catch {
      /* full or revoked: nothing to remember */
    }
  },
  remove(key: string): void {
    try {
      getStore()?.removeItem(key);
    } catch {
      /* see above */
    }
  },
};
