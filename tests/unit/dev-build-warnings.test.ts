// `dev` and `build` check a page the same way (cli/pipeline/page-pass.ts): the warnings build gives for a page — no
// title, inline code in its content, a heading id the layout also uses, an HTML file it links to with inline code —
// dev gives too when the page is drawn, word for word.
import { describe, it, expect } from "vitest";
import { fixtureSite, removeSite } from "../support/site.ts";
import { build } from "../../cli/pipeline/build.ts";
import { startDev } from "../../cli/server/dev.ts";
import type { Logger } from "../../cli/log.ts";

const UNTITLED = "content/en/docs/v1/guide/untitled.mdx";
const CLASH = "content/en/docs/v1/guide/clash.mdx";
const NOTES = "content/en/docs/v1/guide/notes.html";

const PAGES = {
  // No title (no front matter title, no heading), an event handler attribute, and a linked HTML file with a script.
  [UNTITLED]:
    '---\ndescription: Nothing to call it.\n---\n\nimport notes from "./notes.html";\n\n<span onClick="go()">Press</span>\n\n<a href={notes}>Notes</a>\n',
  [NOTES]: "<!doctype html><p>Notes</p><script>alert(1)</script>\n",
  // A heading whose id the layout uses.
  [CLASH]: "---\ntitle: Clash\n---\n\n## Main {#main-content}\n\nText.\n",
};

/** A logger keeping its warnings (the rest is dropped). */
function warningsLogger(): { logger: Logger; warnings: string[] } {
  const warnings: string[] = [];
  const logger: Logger = {
    info: () => {},
    warn: (m) => void warnings.push(m),
    error: () => {},
    step: () => () => 0,
    progress: () => {},
  };
  return { logger, warnings };
}

/** The warnings about the test's pages, in a stable order. */
const aboutPages = (warnings: string[]) =>
  warnings.filter((w) => /guide\/(untitled|clash)\.mdx|notes\.html/.test(w)).sort();

describe("dev and build warn alike for a page", () => {
  it("gives the no-title, inline-code, layout-id and HTML-file warnings in both", async () => {
    const root = await fixtureSite("basic", PAGES);
    try {
      const b = warningsLogger();
      await build({ root, write: false, logger: b.logger });
      const built = aboutPages(b.warnings);
      // The test's pages trigger each kind (the test itself works).
      for (const kind of [
        /untitled\.mdx:\d+: the page has no title/,
        /untitled\.mdx:7: event handler attribute onclick in content/,
        /clash\.mdx:5: heading id "main-content" is also an id of the page layout/,
        /notes\.html: this HTML file, published as .*notes.*, has inline scripts/,
      ])
        expect(
          built.some((w) => kind.test(w)),
          `${kind} in ${built.join("\n")}`,
        ).toBe(true);

      const d = warningsLogger();
      // No background compile: only the requested pages are drawn.
      const server = await startDev({ root, port: 0, logger: d.logger, idleMs: 600_000 });
      try {
        await server.ready;
        const { port } = server.server.address() as { port: number };
        for (const path of ["/docs/v1/guide/untitled/", "/docs/v1/guide/clash/"]) {
          const res = await fetch(`http://127.0.0.1:${port}${path}`);
          expect(res.status, path).toBe(200);
          await res.text();
        }
        expect(aboutPages(d.warnings)).toEqual(built);
      } finally {
        await new Promise<void>((r) => server.server.close(() => r()));
      }
    } finally {
      await removeSite(root);
    }
  });
});
