// The search-algolia fixture site built with its hosted-search host pointed at a fake DocSearch endpoint on
// 127.0.0.1, and optionally served by `docsite serve`: shared by the adapter's unit tests and the browser tests.
import { join } from "node:path";
import { beforeAll, afterAll } from "vitest";
import { fixtureSite, removeSite, buildSite, editJson } from "./site.ts";
import { serve } from "../../cli/server/serve.ts";
import { startFakeAlgolia, type FakeAlgolia } from "../fixtures/search-algolia/fake-algolia.ts";

export interface AlgoliaSite {
  fake: FakeAlgolia;
  root: string;
  close: () => Promise<void>;
}

export async function algoliaSite(): Promise<AlgoliaSite> {
  const fake = await startFakeAlgolia();
  const root = await fixtureSite("search-algolia");
  await editJson(root, "site.config.json", (c) => {
    c.search.algolia.host = fake.origin;
  });
  await buildSite(root);
  return {
    fake,
    root,
    close: async () => {
      await fake.close();
      await removeSite(root);
    },
  };
}

export async function servedAlgoliaSite(): Promise<AlgoliaSite & { origin: string }> {
  const site = await algoliaSite();
  const server = await serve({ dir: join(site.root, "dist"), port: 0 });
  return {
    ...site,
    origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await site.close();
    },
  };
}

/** Builds and serves the fixture once for the calling `describe` block; read `fake` and `origin` inside its tests. */
export function servedAlgoliaSuite(): { readonly fake: FakeAlgolia; readonly origin: string } {
  let site: (AlgoliaSite & { origin: string }) | undefined;
  beforeAll(async () => {
    site = await servedAlgoliaSite();
  });
  afterAll(() => site?.close());
  const current = () => {
    if (!site) throw new Error("the served search-algolia site is not ready (used outside a test?)");
    return site;
  };
  return {
    get fake() {
      return current().fake;
    },
    get origin() {
      return current().origin;
    },
  };
}
