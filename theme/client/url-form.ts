// Whether the site's page URLs end with a slash (site.config.json `trailingSlash`). A build bakes it into the
// client bundle (esbuild `define`), so a site with folder URLs ships none of the slash-less code; the dev bundle,
// made before the config is read, leaves it undefined and the page's `data-trailing-slash` attribute decides.
// Uses are written as `__DOCSITE_TRAILING_SLASH__ ?? fromAttribute()`: with the define, the minifier folds that to a
// literal and drops the branch it rules out (a flag kept in a variable or passed to a function would stay).
import { folderPath, slashlessPath } from "../clean-path.ts";

declare global {
  const __DOCSITE_TRAILING_SLASH__: boolean | undefined;
}

/** The dev bundle's answer: the attribute the page root carries on a slash-less site. */
export const fromAttribute = (): boolean =>
  document.getElementById("__docsite")?.getAttribute("data-trailing-slash") !== "false";

/** The page a `*.html` address stands for, in the site's URL form (theme/clean-path.ts). */
export const pagePath: (pathname: string) => string =
  (__DOCSITE_TRAILING_SLASH__ ?? fromAttribute()) ? folderPath : slashlessPath;
