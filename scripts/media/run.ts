// `npm run media`: runs real Testplane with html-reporter against a demo shop in Chromium (and a REPL session, the
// Quickstart's own tests, and @testplane/storybook against a demo Storybook), then captures the report, the GUI,
// the static accepter, the time-travel player, the Storybook report and the terminal output with Playwright into
// content/media/testplane/ (optimised PNG, < 400 KB each), and records the moving pictures (MP4 with a poster,
// < 500 KB each; record.ts). The tools are installed into scripts/media/.work/ (gitignored), not into the project.
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startDemoApp, type DemoApp } from "./demo/app.ts";
import { run, startChromedriver, type TimedOutput } from "./procs.ts";
import { quickstartRun } from "./quickstart.ts";
import { capture } from "./capture.ts";
import { drawDiagrams } from "./diagrams.ts";
import { replSession } from "./repl.ts";
import { storybookRun } from "./storybook.ts";

export const TESTPLANE = "8.41.2";
export const HTML_REPORTER = "11.17.1";

const here = dirname(fileURLToPath(import.meta.url));
export const WORK = join(here, ".work");
export const PROJECT = join(WORK, "project");
/** The Quickstart's projects (quickstart.ts), one per locale, with WORK's node_modules linked in. */
const QUICKSTART = join(WORK, "quickstart");
const LOCALES = ["en", "ru"];
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

/** What the runs leave for the captures, saved in PROJECT so that `--capture-only` can start from them. */
interface RunOutputs {
  cliOutput: string;
  cliTimed: TimedOutput;
  replOutput?: string;
  replTimed?: TimedOutput;
}

async function loadOutputs(): Promise<RunOutputs> {
  const read = async (name: string) =>
    existsSync(join(PROJECT, name)) ? await readFile(join(PROJECT, name), "utf8") : undefined;
  const json = async (name: string) => {
    const text = await read(name);
    return text ? (JSON.parse(text) as TimedOutput) : undefined;
  };
  return {
    cliOutput: (await read("cli-output.txt")) ?? "",
    cliTimed: (await json("cli-output.json")) ?? [],
    replOutput: await read("repl-output.txt"),
    replTimed: await json("repl-output.json"),
  };
}

async function quickstartRuns(env: Record<string, string>): Promise<void> {
  for (const locale of LOCALES) {
    const dir = join(QUICKSTART, locale);
    const qs = await quickstartRun({ locale, dir, work: WORK, gridUrl: env.GRID_URL, chromium: CHROMIUM });
    console.log(`Quickstart run (${locale}): exit ${qs.code}`);
  }
}

async function scrollbarRuns(env: Record<string, string>, testplane: string): Promise<void> {
  const args = ["--config", "scrollbars/testplane.config.cjs"];
  const run1 = { cwd: PROJECT, env: { ...env, HIDE_SCROLLBARS: "1", REPORT_DIR: "report-scrollbars-refs" } };
  const refs = await run(testplane, [...args, "--update-refs"], run1);
  const check = await run(testplane, args, { cwd: PROJECT, env: { ...env, REPORT_DIR: "report-scrollbars" } });
  console.log(`scrollbar runs: exit ${refs.code}, then ${check.code} (a diff expected)`);
}

/** Every Testplane run the pictures come from. */
async function runAll(app: DemoApp, env: Record<string, string>, testplane: string): Promise<RunOutputs> {
  // `--runs=scrollbars,quickstart` repeats some runs over the last ones (for work on one picture).
  const picked = process.argv
    .find((a) => a.startsWith("--runs="))
    ?.slice("--runs=".length)
    .split(",");
  const want = (name: string) => !picked || picked.includes(name);
  if (picked) {
    await cp(join(here, "demo", "scrollbars"), join(PROJECT, "scrollbars"), { recursive: true });
    const last = await loadOutputs();
    if (want("scrollbars")) await scrollbarRuns(env, testplane);
    if (want("quickstart")) await quickstartRuns(env);
    return last;
  }
  await rm(PROJECT, { recursive: true, force: true });
  await mkdir(PROJECT, { recursive: true });
  await cp(join(here, "demo", "tests"), join(PROJECT, "tests"), { recursive: true });
  await cp(join(here, "demo", "scrollbars"), join(PROJECT, "scrollbars"), { recursive: true });
  for (const f of ["testplane.config.cjs", "testplane.accepter.cjs"]) await cp(join(here, "demo", f), join(PROJECT, f));
  const testplaneRun = (args: string[], more: Record<string, string>) =>
    run(testplane, args, { cwd: PROJECT, env: { ...env, ...more } });

  // 1. References from the original shop.
  app.setVariant("original");
  const refs = await testplaneRun(["--config", "testplane.config.cjs", "--update-refs"], { REPORT_DIR: "report-refs" });
  console.log(`reference run: exit ${refs.code}`);
  // 2. The restyled shop: the visual test fails with a diff, one test fails, one passes on retry.
  app.setVariant("changed");
  const main = await testplaneRun(["--config", "testplane.config.cjs"], { REPORT_DIR: "report" });
  console.log(`main run: exit ${main.code} (failures expected)`);
  await writeFile(join(PROJECT, "cli-output.txt"), main.output);
  await writeFile(join(PROJECT, "cli-output.json"), JSON.stringify(main.timed));
  // 3. The same run with the static accepter on (its own report).
  app.setVariant("changed");
  const accepter = await testplaneRun(["--config", "testplane.accepter.cjs"], { REPORT_DIR: "report-accepter" });
  console.log(`static accepter run: exit ${accepter.code} (failures expected)`);
  // 4. The scrollbar: a reference without scrollbars, then a check in a browser that draws them.
  await scrollbarRuns(env, testplane);
  // 5. One test with the REPL opened before it, commands typed through the REPL's port.
  app.setVariant("changed");
  const repl = await replSession({ testplane, cwd: PROJECT, env: { ...env, REPORT_DIR: "report-repl" } });
  console.log(`REPL session: exit ${repl.code}`);
  await writeFile(join(PROJECT, "repl-output.txt"), repl.output);
  await writeFile(join(PROJECT, "repl-output.json"), JSON.stringify(repl.timed));
  // 6. The Quickstart's own config and tests, for its report picture (per locale: the test names are translated).
  await quickstartRuns(env);
  // 7. The Storybook plugin: an Autoscreenshot test per story of the demo Storybook.
  if (!process.argv.includes("--skip-storybook"))
    await storybookRun({
      demo: join(here, "demo", "storybook"),
      project: STORYBOOK_PROJECT,
      testplane,
      storybook: join(WORK, "node_modules", ".bin", "storybook"),
      env,
    });
  return { cliOutput: main.output, cliTimed: main.timed, replOutput: repl.output, replTimed: repl.timed };
}

async function main(): Promise<void> {
  for (const bin of [CHROMIUM, CHROMEDRIVER])
    if (!existsSync(bin)) throw new Error(`${bin} not found: apt-get install chromium chromium-driver`);
  await drawDiagrams();
  if (process.argv.includes("--diagrams-only")) return;
  await ensureInstall();
  const testplane = join(WORK, "node_modules", ".bin", "testplane");
  const app = await startDemoApp();
  const driver = await startChromedriver(CHROMEDRIVER);
  const env = { DEMO_URL: app.url, GRID_URL: driver.url, CHROMIUM, FORCE_COLOR: "1", TZ: "UTC" };
  try {
    // `--capture-only` re-captures from the last runs' reports and output (for work on the captures themselves).
    const outputs = process.argv.includes("--capture-only") ? await loadOutputs() : await runAll(app, env, testplane);
    // (`--runs=` keeps the last outputs and repeats only the runs it names.)
    if (process.argv.includes("--runs-only")) return;
    // The GUI captures run the tests again: against the restyled shop, as the main run did.
    app.setVariant("changed");
    await capture({
      project: PROJECT,
      testplane,
      env: { ...env, REPORT_DIR: "report" },
      ...outputs,
      resetApp: () => app.setVariant("changed"),
      storybook: STORYBOOK_PROJECT,
      quickstartReports: Object.fromEntries(LOCALES.map((l) => [l, join(QUICKSTART, l, "testplane-report")])),
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
