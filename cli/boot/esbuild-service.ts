// esbuild, imported when first needed: a build whose client bundle and custom pages come from the cache never
// loads its module nor starts its service process. Every build-path use goes through `esbuildBuild`,
// so the build can stop the service it started (pipeline/build.ts) without loading the module to do so, and
// without cutting off a bundle another build in this process (or the dev server) is still waiting for.
import type { BuildOptions, BuildResult, SameShape } from "esbuild";

type Esbuild = typeof import("esbuild");

let loaded: Promise<Esbuild> | undefined;
let inFlight = 0;
let stopWhenIdle = false;

const esbuild = (): Promise<Esbuild> => (loaded ??= import("esbuild"));

/** esbuild's `build`, counted: the service is not stopped under it. */
export async function esbuildBuild<T extends BuildOptions>(
  options: SameShape<BuildOptions, T>,
): Promise<BuildResult<T>> {
  const es = await esbuild();
  inFlight++;
  try {
    return await es.build(options);
  } finally {
    if (--inFlight === 0 && stopWhenIdle) {
      stopWhenIdle = false;
      await es.stop();
    }
  }
}

/**
 * Stops esbuild's service process if this process loaded esbuild, at once or when the builds under way are done
 * (a later call starts it again).
 */
export async function stopEsbuild(): Promise<void> {
  if (!loaded) return;
  // Counted once the module is at hand: a build that started while this waited for it would otherwise lose its
  // answer (esbuild drops the requests under way when its service stops, and they never settle).
  const es = await loaded;
  if (inFlight > 0) {
    stopWhenIdle = true;
    return;
  }
  await es.stop();
}
