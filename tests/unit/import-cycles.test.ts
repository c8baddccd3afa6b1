// An import cycle between MDX and the components it draws — a component that imports a partial that uses the
// component; a swizzled MDXComponents module that imports a partial that uses its own components — once made the
// build wait on itself for ever (0% CPU, no message). A component's cycle now ends the build with an error naming its
// files; the MDXComponents one builds, as in Docusaurus (its Markdown draws with the module's components as it runs).
// The vitest timeout is the guard against a hang coming back (it fails, it does not wait for ever).
import { describe, it, expect } from "vitest";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fixtureSite, removeSite, buildSite, editJson } from "../support/site.ts";

const PAGE = "content/en/docs/v1/guide/cycle.mdx";

async function withFiles(files: Record<string, string>, run: (site: string) => Promise<void>): Promise<void> {
  const site = await fixtureSite("basic");
  try {
    for (const [file, text] of Object.entries(files)) {
      await mkdir(join(site, file, ".."), { recursive: true });
      await writeFile(join(site, file), text);
    }
    await run(site);
  } finally {
    await removeSite(site);
  }
}

describe("an import cycle through MDX", () => {
  it("component → partial → the same component: an error naming both files", async () => {
    await withFiles(
      {
        [PAGE]: '---\ntitle: Cycle\n---\n\nimport Box from "@site/src/components/Box.jsx";\n\n<Box />\n',
        "src/components/Box.jsx":
          'import Note from "./note.mdx";\nexport default function Box() { return <div className="box"><Note /></div>; }\n',
        "src/components/note.mdx": 'import Box from "./Box.jsx";\n\nA note, in a box: <Box />\n',
      },
      async (site) => {
        const failure = await buildSite(site).then(
          () => new Error("the build passed"),
          (err: Error) => err,
        );
        expect(failure.message).toMatch(
          /import cycle: .*src\/components\/Box\.jsx → src\/components\/note\.mdx → src\/components\/Box\.jsx/,
        );
      },
    );
  });

  it("MDXComponents → partial that uses one of its components: it builds", async () => {
    await withFiles(
      {
        [PAGE]: "---\ntitle: Cycle\n---\n\nA word in <Highlight>colour</Highlight>.\n",
        "src/theme/MDXComponents.jsx":
          'import Intro from "./intro.mdx";\n' +
          "const Highlight = ({ children }) => <mark>{children}</mark>;\n" +
          "export default { Highlight, Intro };\n",
        "src/theme/intro.mdx": "Read <Highlight>this</Highlight> first.\n",
      },
      async (site) => {
        await editJson(site, "site.config.json", (c) => {
          c.docusaurus = { ...(c.docusaurus ?? {}), mdxComponents: "src/theme/MDXComponents.jsx" };
        });
        await buildSite(site);
        const html = await readFile(join(site, "dist", "docs", "v1", "guide", "cycle", "index.html"), "utf8");
        expect(html).toContain("<mark>colour</mark>");
      },
    );
  });
});
