// A 404 page on a plain static host (GitHub Pages, Netlify, S3…), where every unknown path gets the default
// locale's /404.html. Two things are put right in the browser:
// - `/ru/docs/v8/quickstart.html`: such hosts do not map *.html to the folder page, so the clean address is loaded
//   for real (no address rewritten over a 404; with trailingSlash false there is no such 404: the file exists);
// - `/ru/unknown/`: the 404 page of the locale the address belongs to is shown in place, the address kept.
// `docsite serve` already answers both correctly, and then nothing happens here.
import { cleanPath } from "../clean-path.ts";

export function settleNotFound(root: HTMLElement, show: (url: string) => Promise<void>): void {
  if (root.getAttribute("data-route") !== "notFound") return;
  const { pathname, search, hash } = location;
  const slash = root.getAttribute("data-trailing-slash") !== "false";
  let clean = cleanPath(pathname, slash);
  // A slash-less site: `/docs/intro/` means the page `/docs/intro` (the host has no folder there, hence the 404).
  if (!slash && clean.length > 1 && clean.endsWith("/")) clean = clean.slice(0, -1);
  if (clean !== pathname) {
    location.replace(clean + search + hash);
    return;
  }
  let bases: Record<string, string> = {};
  try {
    bases = JSON.parse(root.getAttribute("data-locale-bases") ?? "{}");
  } catch {
    return;
  }
  // The locale whose base is the longest prefix of the address (`/ru/` before `/`).
  const [locale, base] =
    Object.entries(bases)
      .filter(([, b]) => pathname.startsWith(b))
      .sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  if (locale && base && locale !== root.getAttribute("data-locale")) void show(`${base}404.html`);
}
