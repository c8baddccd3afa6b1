// Where an imported Docusaurus project's folders went: the config's `docusaurus.aliases` maps each of the project's
// site-relative paths to its place in the docsite site. The compile (`@site/docs/...` imports, `/docs/x.md` links),
// the site's CSS toolchain, the brand sheet and the bundles all read paths written for the old layout through these.

/** A site-relative path with the project's folder aliases applied (longest prefix wins). */
export function applyAliases(path: string, aliases: Record<string, string>): string {
  let best = "";
  for (const from of Object.keys(aliases)) if (path.startsWith(from) && from.length > best.length) best = from;
  return best ? aliases[best] + path.slice(best.length) : path;
}

/** A path of the new layout back in the Docusaurus project's layout (the alias targets, longest first). */
export function unapplyAliases(path: string, aliases: Record<string, string>): string {
  let best: [string, string] | undefined;
  for (const [from, to] of Object.entries(aliases))
    if (path.startsWith(to) && to.length > (best?.[1].length ?? 0)) best = [from, to];
  return best ? best[0] + path.slice(best[1].length) : path;
}
