// docsite's esbuild plugins that find a file "the usual way" (aliases, packages) call `build.resolve`, which runs every
// plugin's onResolve again. Two such plugins whose filters overlap would each re-resolve the other's inner request
// without end (an `.svg` import: the SVG-component plugin, then the asset loader, then the SVG plugin…; esbuild's
// memory grew by gigabytes a minute). Invariant: every inner resolve carries this one mark, and every plugin that
// re-resolves lets a marked request through untouched, so an inner resolve reaches only the plain resolvers.

import type { OnResolveArgs, PluginBuild } from "esbuild";

/** The pluginData of an inner `build.resolve` (spread it in: a plugin may add its own fields beside it). */
export const INNER_RESOLVE = { docsiteInnerResolve: true } as const;

/** Whether a resolve request is some docsite plugin's inner resolve. */
export const isInnerResolve = (pluginData: unknown): boolean =>
  (pluginData as { docsiteInnerResolve?: unknown } | undefined)?.docsiteInnerResolve === true;

/** `a`'s import found the usual way (aliases, packages) as an inner resolve; in `namespace` when one is given. */
export const resolveInner = (b: PluginBuild, a: OnResolveArgs, namespace?: string) =>
  b.resolve(a.path, {
    kind: a.kind,
    resolveDir: a.resolveDir,
    importer: a.importer,
    pluginData: INNER_RESOLVE,
    ...(namespace ? { namespace } : {}),
  });
