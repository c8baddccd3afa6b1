// Inputs shared by many entries (the config, a locale's strings, a sidebar) are hashed once each: an entry's inputs
// then hold the hash in their place (`sharedRef`), and the key stays the same function of what they hold.
import { hashText } from "./hash.ts";

const shared = new WeakMap<object, string>();

/**
 * Hashes objects once, for `sharedRef`; `as` is what stands for the object in keys when that is not the object
 * itself (the config without its absolute site folder). Only objects that stay unchanged for the rest of the process
 * may be registered.
 */
export function registerShared(o: object, as: unknown = o): void {
  if (!shared.has(o)) shared.set(o, `#shared:${hashText(JSON.stringify(as))}`);
}

/** The hash written in place of a registered object, or the object itself. */
export const sharedRef = <T>(o: T): T | string => (o !== null && typeof o === "object" && shared.get(o)) || o;
