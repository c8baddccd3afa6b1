// A 404 page on a plain static host (GitHub Pages, Netlify, S3…), where every unknown path gets the default
// locale's /404.html. Two things are put right in the browser:
// - `/ru/docs/v8/quickstart.html`: such hosts do not map *.html to the folder page, so the clean address is loaded
//   for real (no address rewritten over a 404; with trailingSlash false there is no such 404: the file exists);
// - `/ru/unknown/`: the 404 page of the locale the address belongs to is shown in place, the address kept.
// `docsite serve` already answers both correctly, and then nothing happens here.
import { folderPath, slashlessPath } from "../clean-path.ts";
import { fromAttribute } from "./url-form.ts";

/** A slash-less site's page for an address: `/docs/intro/` too means `/docs/intro` (no folder there: a 404). */
function slashlessPage(pathname: string): string {
  const clean = slashlessPath(pathname);
  return clean.length > 1 && clean.endsWith("/") ? clean.slice(0, -1) : clean;
}

export function settleNotFound(root: HTMLElement, show: (url: string) => Promise<void>): void {
  if (root.getAttribute("data-route") !== "notFound") return;
  const { pathname, search, hash } = location;
  // Written out so that a build's define leaves only the call its site needs (client/url-form.ts).
  const clean = (__DOCSITE_TRAILING_SLASH__ ?? fromAttribute()) ? folderPath(pathname) : slashlessPage(pathname);
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
