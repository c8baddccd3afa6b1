// The one rule for page URLs: /a/index.html and /a/b.html are the same pages as /a/ and /a/b/. Used by the
// browser router and by `docsite serve`/`dev` redirects. 404.html keeps its name: hosts serve it as a file.
export function cleanPath(pathname: string): string {
  if (pathname.endsWith("/index.html")) return pathname.slice(0, -"index.html".length);
  if (pathname.endsWith(".html") && !pathname.endsWith("/404.html")) return pathname.slice(0, -".html".length) + "/";
  return pathname;
}
