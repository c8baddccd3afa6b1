// `docsite dev` on pages titled by their content, as most imported Docusaurus pages are (`# url`, no front matter
// title or description): until a page compiles, dev titles it by its source's first heading, so the sidebars show
// the title at once and the background warm-up's end does not reload every open page (which lost the reader's
// scroll position right while they edited: an imported site's saves then seemed to arrive by a full reload).
import { describe, it, expect } from "vitest";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fixtureSite, removeSite } from "../support/site.ts";
import { startDev } from "../../cli/server/dev.ts";
import { openDevEvents } from "../support/dev-events.ts";
import { sourceHeading } from "../../cli/mdx/page-meta.ts";
import type { Logger } from "../../cli/log.ts";

describe("a page's first heading read from its source", () => {
  it("gives the plain headings as the compile's text, and nothing for other markup", () => {
    expect(sourceHeading("# url\n\n## Overview\n")).toEqual({ depth: 1, text: "url" });
    expect(sourceHeading("import X from './x';\n\n## The `url` command {#cmd}\n")).toEqual({
      depth: 2,
      text: "The url command",
    });
    expect(sourceHeading("# A [link](/x) and **bold** #\n")).toEqual({ depth: 1, text: "A link and bold" });
    expect(sourceHeading("```md\n# not a heading\n```\n\n# After the fence\n")).toEqual({
      depth: 1,
      text: "After the fence",
    });
    for (const body of ["# <Highlight>x</Highlight>\n", "# {frontMatter.title}\n", "# snake_case\n", "Title\n===\n"])
      expect(sourceHeading(body), body).toBeUndefined();
    expect(sourceHeading("No heading at all.\n")).toBeUndefined();
  });
});

describe("docsite dev, pages titled by their content", () => {
  it("shows the heading's title before the page compiles, and does not reload open pages when the warm-up ends", async () => {
    const page = "content/en/docs/v1/guide/from-heading.mdx";
    const site = await fixtureSite("basic", {
      [page]: "# Titled by its heading\n\nIts description is this first paragraph.\n",
    });
    const lines: string[] = [];
    const logger: Logger = {
      info: (m) => lines.push(m),
      warn: () => {},
      error: () => {},
      step: () => () => 0,
      progress: () => {},
    };
    // The warm-up waits for a second of quiet, so the title is read from the model before it compiles anything.
    const dev = await startDev({ root: site, port: 0, logger, idleMs: 1000 });
    try {
      await dev.ready;
      await dev.watching;
      const route = dev.site.model!.table.routes.find((r) => r.origin === page);
      expect(route && "title" in route && route.title).toBe("Titled by its heading");
      const { port } = dev.server.address() as { port: number };
      const events = await openDevEvents(`http://127.0.0.1:${port}`);
      try {
        while (!lines.some((l) => l.startsWith("all pages compiled and checked")))
          await new Promise((r) => setTimeout(r, 50));
        // Events come in order: a reload sent when the warm-up ended would come before this edit's page.
        await writeFile(
          join(site, page),
          "# Titled by its heading\n\nIts description is this first paragraph.\n\nMore.\n",
        );
        const first = await events.next((e) => e.type === "reload" || e.type === "page", 60_000);
        expect(first.type).toBe("page");
      } finally {
        await events.close();
      }
    } finally {
      await new Promise<void>((r) => dev.server.close(() => r()));
      await removeSite(site);
    }
  });
});
