// `dev` and `build` check a page the same way (cli/pipeline/page-pass.ts): the warnings build gives for a page — no
// title, inline code in its content, a heading id the layout also uses, an HTML file it links to with inline code,
// an image without alt text, a link to a missing anchor — dev gives too when the page is drawn, word for word, once.
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
  // A heading whose id the layout uses, an image without alt text, and a link to an anchor that is not there.
  [CLASH]:
    '---\ntitle: Clash\n---\n\n## Main {#main-content}\n\n<img src="/img/logo.svg" />\n\n[Nowhere](/docs/v1/guide/untitled/#nowhere)\n',
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
  it("gives the no-title, inline-code, layout-id, HTML-file, alt-text and anchor warnings in both, once", async () => {
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
        /clash\.mdx:7: image logo\.svg has no alt text/,
        /clash\.mdx:9: .*#nowhere/,
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
        // Each page in both locales (ru shows the en page, compiled for ru: its links are checked there too), the
        // link's target first (dev checks an anchor on a page compiled already: dev/page-links.ts), and one page
        // twice: a page drawn again says nothing new.
        const paths = ["/docs/v1/guide/untitled/", "/ru/docs/v1/guide/untitled/", "/docs/v1/guide/clash/"];
        for (const path of [...paths, "/ru/docs/v1/guide/clash/", paths[2]]) {
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
