// A fixture site built and served on 127.0.0.1 for one browser test file.
import { join } from "node:path";
import { fixtureSite, removeSite, buildSite, editJson } from "./site.ts";
import { serve } from "../../cli/server/serve.ts";

export async function serveFixture(
  changes: Record<string, string | null>,
  editConfig?: (c: any) => void,
): Promise<{ base: string; root: string; close: () => Promise<void> }> {
  const root = await fixtureSite("basic", changes);
  if (editConfig) await editJson(root, "site.config.json", editConfig);
  await buildSite(root);
  const server = await serve({ dir: join(root, "dist"), port: 0 });
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    root,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await removeSite(root);
    },
  };
}
