// The one rule for turning a request's path into a file inside a served folder, shared by `serve` and `dev`.
// A path is decoded once, segment by segment; anything that could name a file outside the folder is refused.
import { realpathSync } from "node:fs";
import { resolve, sep } from "node:path";

/** Longest path accepted; longer ones are refused with 414 rather than looked up. */
const MAX_PATH = 2048;

type DecodedPath = { ok: true; path: string } | { ok: false; status: 400 | 414; reason: string };

/**
 * Decodes the pathname of a request target (`/a/b%20c/?q` → `/a/b c/`). Refuses malformed percent-encoding and
 * invalid (including overlong) UTF-8, NUL and other control characters, backslashes, and `.`/`..` segments, whether
 * written plainly or encoded (`%2e%2e`, `..%2f`).
 */
export function decodeRequestPath(target: string | undefined): DecodedPath {
  const raw = (target ?? "/").split(/[?#]/)[0] || "/";
  if (raw.length > MAX_PATH) return { ok: false, status: 414, reason: "path too long" };
  if (!raw.startsWith("/")) return { ok: false, status: 400, reason: "path must start with /" };
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return { ok: false, status: 400, reason: "malformed percent-encoding" };
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return { ok: false, status: 400, reason: "control character or backslash" };
  if (path.split("/").some((s) => s === ".." || s === ".")) return { ok: false, status: 400, reason: "dot segment" };
  return { ok: true, path };
}

/**
 * The file a decoded site path names inside `root`, or null when it would be outside (also through a symbolic
 * link). The file need not exist; a missing one is checked by its nearest existing parent.
 */
export function fileInside(root: string, sitePath: string): string | null {
  const base = resolve(root);
  const abs = resolve(base, `.${sitePath.startsWith("/") ? "" : "/"}${sitePath}`);
  if (!within(base, abs)) return null;
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    return abs; // missing: nothing to follow, and its name is already inside
  }
  let realBase: string;
  try {
    realBase = realpathSync(base);
  } catch {
    return null;
  }
  return within(realBase, real) ? abs : null;
}

function within(base: string, abs: string): boolean {
  return abs === base || abs.startsWith(base.endsWith(sep) ? base : base + sep);
}
