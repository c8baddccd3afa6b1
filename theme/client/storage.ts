// Web storage that never throws: when storage is unavailable (site data blocked, privacy mode, sandboxed frame,
// a getter that throws SecurityError) one warning is logged and it behaves as empty. Both kinds: localStorage
// for preferences, sessionStorage for what lasts one tab (the reload-once guard).
type Kind = "localStorage" | "sessionStorage";

let warned = false;
const stores: Partial<Record<Kind, Storage | null>> = {};

function getStore(kind: Kind): Storage | null {
  if (kind in stores) return stores[kind] ?? null;
  try {
    const s = window[kind];
    const probe = "__docsite_probe__";
    s.setItem(probe, probe);
    s.removeItem(probe);
    stores[kind] = s;
  } catch (err) {
    stores[kind] = null;
    if (!warned) {
      warned = true;
      console.warn(
        `docsite: browser storage is unavailable, so preferences will not be remembered (${(err as Error)?.message ?? err}).`,
      );
    }
  }
  return stores[kind] ?? null;
}

export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

function safe(kind: Kind): SafeStorage {
  return {
    get(key) {
      try {
        return getStore(kind)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        getStore(kind)?.setItem(key, value);
      } catch {
        /* full or revoked: nothing to remember */
      }
    },
    remove(key) {
      try {
        getStore(kind)?.removeItem(key);
      } catch {
        /* see above */
      }
    },
  };
}

export const safeStorage = safe("localStorage");
export const safeSession = safe("sessionStorage");
