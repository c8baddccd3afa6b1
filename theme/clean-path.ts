// The one rule for page URLs, used by the browser router, the static-host 404 script and `docsite serve`/`dev`.
// 404.html keeps its name: hosts serve it as a file.

/** Folder URLs (trailingSlash true, the default): /a/index.html and /a/b.html are the pages /a/ and /a/b/. */
export function folderPath(pathname: string): string {
  if (pathname.endsWith("/index.html")) return pathname.slice(0, -"index.html".length);
  if (pathname.endsWith(".html") && !pathname.endsWith("/404.html")) return pathname.slice(0, -".html".length) + "/";
  return pathname;
}

/**
 * Slash-less URLs (trailingSlash false, as Docusaurus has them): /a/b.html is the page /a/b; a folder's index.html
 * stays its folder (/ru/index.html is /ru/: the site's and locales' homes keep their slash).
 */
export function slashlessPath(pathname: string): string {
  if (pathname.endsWith(".html") && !pathname.endsWith("/index.html") && !pathname.endsWith("/404.html"))
    return pathname.slice(0, -".html".length);
  return folderPath(pathname);
}

/** The page a `*.html` address stands for, in the site's URL form. */
export const cleanPath = (pathname: string, trailingSlash = true): string =>
  trailingSlash ? folderPath(pathname) : slashlessPath(pathname);

/**
 * The published form of a site path (`?query` and `#hash` kept) under trailingSlash false: "/docs/intro/#x" →
 * "/docs/intro#x". `roots` (the site's and every locale's home, "/" and "/ru/") keep their slash, as Docusaurus
 * keeps its baseUrl's.
 */
export function withoutSlash(path: string, roots: readonly string[]): string {
  const cut = path.search(/[?#]/);
  const pathname = cut < 0 ? path : path.slice(0, cut);
  if (!pathname.endsWith("/") || pathname === "/" || roots.includes(pathname)) return path;
  return pathname.slice(0, -1) + path.slice(pathname.length);
}
