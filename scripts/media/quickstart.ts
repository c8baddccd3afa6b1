// The Quickstart's own run for its report picture, per locale (their tests have names in the page's language): the
// page's testplane.config.ts and first test file, taken from the page as a reader copies them, run with the scratch install's Testplane and html-reporter against a
// page on 127.0.0.1 that stands in for example.com (this machine has no way out), in the installed Chromium. As in
// tests/examples/quickstart.test.ts, a wrapper config overrides only where the browser comes from and the address.
import { mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { extractCodeBlocks, metaTitle, root } from "../../tests/support/code-blocks.ts";
import { run } from "./procs.ts";

const page = (locale: string) => `content/${locale}/docs/v8/quickstart/index.mdx`;

/** The stand-in for example.com: the heading, the link and the title the Quickstart's test checks. */
const EXAMPLE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Example Domain</title>
<style>body{background:#f0f0f2;margin:0;font-family:system-ui,sans-serif}div{width:600px;margin:5em auto;padding:2em;
background:#fdfdff;border-radius:.5em;box-shadow:2px 3px 7px 2px #0000000d}</style></head>
<body><div><h1>Example Domain</h1>
<p>This domain is for use in documentation examples without needing permission.</p>
<p><a href="https://www.iana.org/help/example-domains">Learn more</a></p></div></body></html>`;

/** Runs a locale's Quickstart project in `dir` (made afresh); returns the report folder. */
export async function quickstartRun(opts: {
  locale: string;
  dir: string;
  work: string;
  gridUrl: string;
  chromium: string;
}): Promise<{ code: number; report: string; output: string }> {
  const PAGE = page(opts.locale);
  const blocks = extractCodeBlocks(PAGE, await readFile(join(root, PAGE), "utf8"));
  const find = (title: string) => {
    const b = blocks.find((x) => metaTitle(x.meta) === title && x.lang === "typescript");
    if (!b) throw new Error(`${PAGE}: no typescript block titled ${title}`);
    return b.code;
  };
  await rm(opts.dir, { recursive: true, force: true });
  await mkdir(join(opts.dir, "testplane-tests"), { recursive: true });
  await symlink(join(opts.work, "node_modules"), join(opts.dir, "node_modules"), "dir");
  await writeFile(join(opts.dir, "package.json"), JSON.stringify({ name: "shop-tests", private: true }));
  await writeFile(join(opts.dir, "testplane.config.ts"), find("testplane.config.ts"));
  await writeFile(join(opts.dir, "testplane-tests", "home.testplane.ts"), find("testplane-tests/home.testplane.ts"));
  const server = http.createServer((req, res) => {
    if (req.url === "/" || req.url?.startsWith("/?")) res.writeHead(200, { "content-type": "text/html" }).end(EXAMPLE);
    else res.writeHead(404).end("not found");
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await writeFile(
    join(opts.dir, "testplane.local.config.ts"),
    `import pageConfig from "./testplane.config";

const chrome = pageConfig.browsers.chrome;

export default {
    ...pageConfig,
    gridUrl: ${JSON.stringify(opts.gridUrl)},
    baseUrl: ${JSON.stringify(baseUrl)},
    browsers: {
        chrome: {
            ...chrome,
            desiredCapabilities: {
                ...chrome.desiredCapabilities,
                "goog:chromeOptions": {
                    binary: ${JSON.stringify(opts.chromium)},
                    args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
                },
            },
        },
    },
};
`,
  );
  try {
    const testplane = join(opts.work, "node_modules", ".bin", "testplane");
    const r = await run(testplane, ["--config", "testplane.local.config.ts"], { cwd: opts.dir, env: { TZ: "UTC" } });
    return { code: r.code, report: join(opts.dir, "testplane-report"), output: r.output };
  } finally {
    server.close();
  }
}
