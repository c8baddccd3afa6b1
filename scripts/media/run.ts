// `npm run media`: runs real Testplane with html-reporter against a demo shop in Chromium (and a REPL session, and
// @testplane/storybook against a demo Storybook), then captures the report, the GUI, the time-travel player, the
// Storybook report and the terminal output with Playwright into content/media/testplane/ (optimised PNG, < 400 KB
// each). The tools are installed into scripts/media/.work/ (gitignored), not into the project.
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startDemoApp } from "./demo/app.ts";
import { run, startChromedriver } from "./procs.ts";
import { capture } from "./capture.ts";
import { drawDiagrams } from "./diagrams.ts";
import { replSession } from "./repl.ts";
import { storybookRun } from "./storybook.ts";

export const TESTPLANE = "8.41.2";
export const HTML_REPORTER = "11.17.1";

const here = dirname(fileURLToPath(import.meta.url));
export const WORK = join(here, ".work");
export const PROJECT = join(WORK, "project");
/** Inside WORK, so the Storybook build and the plugin resolve from WORK's node_modules. */
const STORYBOOK_PROJECT = join(WORK, "storybook");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMEDRIVER = process.env.CHROMEDRIVER_PATH ?? "/usr/bin/chromedriver";

/** What the scratch install holds: Testplane, html-reporter, and Storybook with @testplane/storybook. */
const PACKAGES: Record<string, string> = {
  testplane: TESTPLANE,
  "html-reporter": HTML_REPORTER,
  "@testplane/storybook": "1.1.0",
  storybook: "8.6.7",
  "@storybook/html-vite": "8.6.7",
  vite: "6.4.6",
};

async function ensureInstall(): Promise<void> {
  const version = async (name: string) => {
    const f = join(WORK, "node_modules", name, "package.json");
    return existsSync(f) ? JSON.parse(await readFile(f, "utf8")).version : null;
  };
  const stale: string[] = [];
  for (const [name, want] of Object.entries(PACKAGES)) if ((await version(name)) !== want) stale.push(name);
  if (!stale.length) return;
  console.log(`missing or another version: ${stale.join(", ")}`);
  await mkdir(WORK, { recursive: true });
  const manifest = {
    name: "docsite-media-work",
    private: true,
    description: "Scratch install of Testplane, html-reporter and Storybook for npm run media (not part of the site)",
    dependencies: PACKAGES,
  };
  await writeFile(join(WORK, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(
    `installing ${Object.entries(PACKAGES)
      .map(([n, v]) => `${n}@${v}`)
      .join(", ")} into ${WORK}`,
  );
  // Install scripts stay off: they download browser drivers, and this script uses the installed Chromium's.
  const r = await run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts"], { cwd: WORK });
  if (r.code !== 0) throw new Error(`npm install failed:\n${r.output}`);
}

async function main(): Promise<void> {
  for (const bin of [CHROMIUM, CHROMEDRIVER])
    if (!existsSync(bin)) throw new Error(`${bin} not found: apt-get install chromium chromium-driver`);
  await drawDiagrams();
  await ensureInstall();
  const testplane = join(WORK, "node_modules", ".bin", "testplane");
  if (process.argv.includes("--capture-only")) {
    // Re-captures from the last run's report and output (for working on the captures themselves).
    const app = await startDemoApp();
    // The GUI captures run the tests again: against the restyled shop, as the main run did.
    app.setVariant("changed");
    const driver = await startChromedriver(CHROMEDRIVER);
    const env = {
      DEMO_URL: app.url,
      GRID_URL: driver.url,
      CHROMIUM,
      FORCE_COLOR: "1",
      TZ: "UTC",
      REPORT_DIR: "report",
    };
    const cliOutput = await readFile(join(PROJECT, "cli-output.txt"), "utf8");
    const replFile = join(PROJECT, "repl-output.txt");
    const replOutput = existsSync(replFile) ? await readFile(replFile, "utf8") : undefined;
    try {
      const resetApp = () => app.setVariant("changed");
      await capture({
        project: PROJECT,
        testplane,
        env,
        cliOutput,
        replOutput,
        resetApp,
        storybook: STORYBOOK_PROJECT,
      });
    } finally {
      driver.stop();
      await app.close();
    }
    return;
  }
  await rm(PROJECT, { recursive: true, force: true });
  await mkdir(PROJECT, { recursive: true });
  await cp(join(here, "demo", "tests"), join(PROJECT, "tests"), { recursive: true });
  await cp(join(here, "demo", "testplane.config.cjs"), join(PROJECT, "testplane.config.cjs"));

  const app = await startDemoApp();
  const driver = await startChromedriver(CHROMEDRIVER);
  const env = { DEMO_URL: app.url, GRID_URL: driver.url, CHROMIUM, FORCE_COLOR: "1", TZ: "UTC" };
  try {
    // 1. References from the original shop.
    app.setVariant("original");
    const refs = await run(testplane, ["--config", "testplane.config.cjs", "--update-refs"], {
      cwd: PROJECT,
      env: { ...env, REPORT_DIR: "report-refs" },
    });
    console.log(`reference run: exit ${refs.code}`);
    // 2. The restyled shop: the visual test fails with a diff, one test fails, one passes on retry.
    app.setVariant("changed");
    const main = await run(testplane, ["--config", "testplane.config.cjs"], {
      cwd: PROJECT,
      env: { ...env, REPORT_DIR: "report" },
    });
    console.log(`main run: exit ${main.code} (failures expected)`);
    await writeFile(join(PROJECT, "cli-output.txt"), main.output);
    // 3. One test with the REPL opened before it, commands typed through the REPL's port.
    const repl = await replSession({ testplane, cwd: PROJECT, env: { ...env, REPORT_DIR: "report-repl" } });
    console.log(`REPL session: exit ${repl.code}`);
    await writeFile(join(PROJECT, "repl-output.txt"), repl.output);
    // 4. The Storybook plugin: an Autoscreenshot test per story of the demo Storybook.
    await storybookRun({
      demo: join(here, "demo", "storybook"),
      project: STORYBOOK_PROJECT,
      testplane,
      storybook: join(WORK, "node_modules", ".bin", "storybook"),
      env,
    });
    await capture({
      project: PROJECT,
      testplane,
      env: { ...env, REPORT_DIR: "report" },
      cliOutput: main.output,
      replOutput: repl.output,
      resetApp: () => app.setVariant("changed"),
      storybook: STORYBOOK_PROJECT,
    });
  } finally {
    driver.stop();
    await app.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
