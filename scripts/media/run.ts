// `npm run media`: runs real Testplane with html-reporter against a demo shop in Chromium, then captures the
// report, the GUI and the CLI output with Playwright into content/media/testplane/ (optimised PNG, < 400 KB each).
// Testplane and html-reporter are installed into scripts/media/.work/ (gitignored), not into the project.
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startDemoApp } from "./demo/app.ts";
import { run, startChromedriver } from "./procs.ts";
import { capture } from "./capture.ts";
import { drawDiagrams } from "./diagrams.ts";
import { replSession } from "./repl.ts";

export const TESTPLANE = "8.41.2";
export const HTML_REPORTER = "11.17.1";

const here = dirname(fileURLToPath(import.meta.url));
export const WORK = join(here, ".work");
export const PROJECT = join(WORK, "project");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMEDRIVER = process.env.CHROMEDRIVER_PATH ?? "/usr/bin/chromedriver";

async function ensureInstall(): Promise<void> {
  const pkg = join(WORK, "node_modules", "testplane", "package.json");
  const rep = join(WORK, "node_modules", "html-reporter", "package.json");
  const version = async (f: string) => (existsSync(f) ? JSON.parse(await readFile(f, "utf8")).version : null);
  if ((await version(pkg)) === TESTPLANE && (await version(rep)) === HTML_REPORTER) return;
  await mkdir(WORK, { recursive: true });
  const manifest = {
    name: "docsite-media-work",
    private: true,
    description: "Scratch install of Testplane and html-reporter for npm run media (not part of the site)",
    dependencies: { testplane: TESTPLANE, "html-reporter": HTML_REPORTER },
  };
  await writeFile(join(WORK, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`installing testplane@${TESTPLANE} and html-reporter@${HTML_REPORTER} into ${WORK}`);
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
      await capture({ project: PROJECT, testplane, env, cliOutput, replOutput, resetApp });
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
    await capture({
      project: PROJECT,
      testplane,
      env: { ...env, REPORT_DIR: "report" },
      cliOutput: main.output,
      replOutput: repl.output,
      resetApp: () => app.setVariant("changed"),
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
