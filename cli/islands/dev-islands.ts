// Islands in `docsite dev`: each island's chunk is bundled when a page that uses it is first drawn, and again when
// its module (or anything it imports) changed, which the component bundles' own memo notices (cli/mdx/components.ts).
// The chunks are served from memory at their hashed names, like the client bundle's files.
import type { SiteConfig } from "../config/types.ts";
import { hashText } from "../cache/hash.ts";
import { bundleComponent } from "../mdx/components.ts";
import { siteData } from "../../theme/docusaurus/site-modules.tsx";
import { bundleIsland, chunkName } from "./bundle.ts";
import { islandModule } from "../mdx/island-keys.ts";
import { bundleIslandsRuntime, type IslandsRuntime } from "./runtime.ts";

export class DevIslands {
  /** Island key → the server bundle's code hash it was made from, and its chunk. */
  private chunks = new Map<string, { made: string; file: string; url: string }>();
  private files = new Map<string, Uint8Array>();

  private runtime: Promise<IslandsRuntime> | undefined;

  /** The islands' runtime (made once per server run), its URL; undefined before any island was asked for. */
  loader?: string;

  /** The chunks of `keys`, bundled now where missing or out of date; key → URL. */
  async ensure(config: SiteConfig, keys: Iterable<string>): Promise<Map<string, string>> {
    const aliases = config.docusaurus?.aliases ?? {};
    this.runtime ??= bundleIslandsRuntime({ baseUrl: config.baseUrl, dev: true }).then((r) => {
      for (const [f, c] of r.files) this.files.set(f, c);
      this.loader = r.loader;
      return r;
    });
    const { shared } = await this.runtime;
    for (const key of keys) {
      const { kind, spec } = islandModule(key);
      const server = await bundleComponent(config.rootDir, spec, aliases, kind === "package");
      const made = hashText(server.code);
      if (this.chunks.get(key)?.made === made) continue;
      const code = await bundleIsland(key, {
        rootDir: config.rootDir,
        baseUrl: config.baseUrl,
        aliases,
        shared,
        site: siteData(config),
        ...(config.docusaurus?.themeOverrides ? { overrides: config.docusaurus.themeOverrides } : {}),
        dev: true,
      });
      const file = chunkName(key, code);
      this.files.set(file, code);
      this.chunks.set(key, { made, file, url: config.baseUrl + file });
    }
    return this.urls();
  }

  urls(): Map<string, string> {
    return new Map([...this.chunks].map(([k, c]) => [k, c.url]));
  }

  /** A chunk by its path under the base URL. */
  file(rel: string): Uint8Array | undefined {
    return this.files.get(rel);
  }
}
