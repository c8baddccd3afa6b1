// `docsite dev` starts before compiling: with an empty cache it serves a page at once (compiled on request), and
// loads the full model in the background, which still checks links and reports what it finds.
import { describe, it, expect, afterEach } from "vitest";
import type { Server } from "node:http";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fixtureSite, removeSite } from "../support/site.ts";
import { dev } from "../../cli/server/dev.ts";

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0)) await f();
});

async function start(changes: Record<string, string> = {}): Promise<{ root: string; base: string }> {
  const root = await fixtureSite("basic", changes);
  const server: Server = await dev({ root, port: 0, quiet: true });
  cleanup.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    await removeSite(root);
  });
  return { root, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

describe("docsite dev start", () => {
  it("serves a page compiled on request when nothing is cached", async () => {
    const { base } = await start();
    const res = await fetch(`${base}/docs/v1/guide/second/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Back to");
    expect(html).toContain('id="setup"');
  });

  it("reports a broken link found by the background load, naming the file", async () => {
    const file = "content/en/docs/v1/guide/first.mdx";
    const root0 = await fixtureSite();
    const text = await readFile(join(root0, file), "utf8");
    await removeSite(root0);
    const { base } = await start({ [file]: `${text}\n\nSee [nowhere](/docs/v1/no-such-page/).\n` });
    const end = Date.now() + 60_000;
    let last = "";
    while (Date.now() < end) {
      const res = await fetch(`${base}/docs/v1/`);
      last = await res.text();
      if (res.status === 500) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(last).toContain("broken link");
    expect(last).toContain(file);
  }, 90_000);
});
