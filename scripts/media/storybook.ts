// The @testplane/storybook run of the screenshot script: builds the demo Storybook (scripts/media/demo/storybook)
// with the real `storybook build`, serves it on 127.0.0.1, lets the plugin make an Autoscreenshot test of every
// story (references first, then against a restyled card), and leaves html-reporter's report in report-storybook/.
import { cp, rm, writeFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { run, serveDir } from "./procs.ts";

/**
 * The restyle of the second run, as in the demo shop: the card's price turns red and its button green and rounder.
 * The Button stories keep their look, so they pass and the card stories fail.
 */
const CHANGED_CSS = `
.card .price { color: #b3261e; }
.card .button { border-radius: 16px; padding: 8px 24px; background: #0b8a4a; }
`;

export async function storybookRun(opts: {
  demo: string;
  project: string;
  testplane: string;
  storybook: string;
  env: Record<string, string>;
}): Promise<{ code: number; output: string }> {
  await rm(opts.project, { recursive: true, force: true });
  await cp(opts.demo, opts.project, { recursive: true });
  const env = { ...opts.env, STORYBOOK_DISABLE_TELEMETRY: "1", CI: "1" };
  const built = await run(opts.storybook, ["build", "--quiet", "-o", "storybook-static"], {
    cwd: opts.project,
    env,
    timeoutMs: 600_000,
  });
  if (built.code !== 0) throw new Error(`storybook build failed:\n${built.output}`);
  const server = await serveDir(join(opts.project, "storybook-static"));
  try {
    const args = ["--config", "testplane.config.cjs", "--storybook"];
    const sbEnv = { ...env, STORYBOOK_URL: server.url };
    const refs = await run(opts.testplane, [...args, "--update-refs"], {
      cwd: opts.project,
      env: { ...sbEnv, REPORT_DIR: "report-refs" },
    });
    console.log(`storybook reference run: exit ${refs.code}`);
    const css = join(opts.project, "storybook-static", "card.css");
    await writeFile(css, (await readFile(css, "utf8")) + CHANGED_CSS);
    const main = await run(opts.testplane, args, {
      cwd: opts.project,
      env: { ...sbEnv, REPORT_DIR: "report-storybook" },
    });
    console.log(`storybook run: exit ${main.code} (a changed story expected)`);
    return main;
  } finally {
    server.stop();
  }
}
