// A fixture site built and served on 127.0.0.1 for one browser test file.
import { join } from "node:path";
import { fixtureSite, removeSite, buildSite, editJson } from "./site.ts";
import { serve } from "../../cli/server/serve.ts";

export async function serveFixture(
  changes: Record<string, string | null>,
  editConfig?: (c: any) => void,
  /** The path to serve it at, when not the base path it was built for (a host set up wrongly). */
  at?: string,
): Promise<{ base: string; root: string; close: () => Promise<void> }> {
  const root = await fixtureSite("basic", changes);
  if (editConfig) await editJson(root, "site.config.json", editConfig);
  await buildSite(root);
  const served = await serveDir(join(root, "dist"), at);
  return {
    base: served.base,
    root,
    close: async () => {
      await served.close();
      await removeSite(root);
    },
  };
}

/** `docsite serve` of a built folder on 127.0.0.1 (a free port), for a browser test file. */
export async function serveDir(dir: string, at?: string): Promise<{ base: string; close: () => Promise<void> }> {
  const server = await serve({ dir, port: 0, ...(at ? { baseUrl: at } : {}) });
  const { port } = server.address() as { port: number };
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}
