// An island is named by the module that holds it: a project file by its path from the site folder, a package that
// content imports directly by `pkg:` and its name. The name travels from the compile (which components a page uses)
// to the browser bundle (one chunk per name) and the render (which chunk a page's island loads).

export const islandKey = (file: string, isPackage: boolean): string => (isPackage ? `pkg:${file}` : file);

/** The module an island key names: a site-relative file, or a package specifier. */
export function islandModule(key: string): { kind: "file" | "package"; spec: string } {
  const override = overrideOfIslandKey(key);
  if (override) return { kind: "file", spec: override.file };
  return key.startsWith("pkg:") ? { kind: "package", spec: key.slice(4) } : { kind: "file", spec: key };
}

/** The island key of a theme override (cli/theme-overrides/): its Docusaurus name and its file. */
export const overrideIslandKey = (name: string, file: string): string => `theme:${name}:${file}`;

/** A theme override's name and file from its island key, or null for another island's key. */
export function overrideOfIslandKey(key: string): { name: string; file: string } | null {
  const m = /^theme:([^:]+):(.+)$/.exec(key);
  return m ? { name: m[1], file: m[2] } : null;
}
