// esbuild, imported when first needed: a build whose client bundle and custom pages come from the cache never
// loads its module (about 14 ms) nor starts its service process. Every build-path use goes through here, so the build
// can stop the service it started (pipeline/build.ts) without loading the module to do so.
type Esbuild = typeof import("esbuild");

let loaded: Promise<Esbuild> | undefined;

export const esbuild = (): Promise<Esbuild> => (loaded ??= import("esbuild"));

/** Stops esbuild's service process if this process loaded esbuild (a later call starts it again). */
export async function stopEsbuild(): Promise<void> {
  if (loaded) await (await loaded).stop();
}
