// An island is named by the module that holds it: a project file by its path from the site folder, a package that
// content imports directly by `pkg:` and its name. The name travels from the compile (which components a page uses)
// to the browser bundle (one chunk per name) and the render (which chunk a page's island loads).

export const islandKey = (file: string, isPackage: boolean): string => (isPackage ? `pkg:${file}` : file);

/** The module an island key names: a site-relative file, or a package specifier. */
export function islandModule(key: string): { kind: "file" | "package"; spec: string } {
  return key.startsWith("pkg:") ? { kind: "package", spec: key.slice(4) } : { kind: "file", spec: key };
}
