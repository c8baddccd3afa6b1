#!/usr/bin/env node
// @ts-check
// Entry of the docsite CLI. It runs a precompiled bundle of cli/ and theme/ (bin/cli-bundle.js, layout in
// bin/README.md): the installed package's own (lib/, made when the package was packed), or in a checkout one made on
// the first run after `npm ci` or a source change. When no bundle can be made or loaded (or DOCSITE_BUNDLE=0), it
// loads the TypeScript sources through tsx instead (a dev dependency: a checkout has it), which costs about two
// seconds more per start.
import { pathToFileURL } from "node:url";
import {
  bundleCacheDir,
  describeFailure,
  discardBundle,
  ensureBundle,
  PACKAGE_ROOT,
  prebuiltBundle,
} from "./cli-bundle.js";

// React picks its build when first loaded, so the mode is set before anything imports it: `build` renders with
// the production build (same HTML, 2–4× faster), `dev` keeps React's development build and its warnings.
// An explicit NODE_ENV wins.
process.env.NODE_ENV ??= process.argv[2] === "dev" ? "development" : "production";
// Stack traces of --debug name the TypeScript sources, not the bundle (the maps are read only when asked for).
if (process.argv.includes("--debug")) process.setSourceMapsEnabled(true);

/** @param {string} why */
const notice = (why) => console.error(`docsite: running from the TypeScript sources, slower to start (${why})`);

/** Loads the bundled CLI, which then runs the command; false when the sources must be used. */
async function runBundle() {
  if (process.env.DOCSITE_BUNDLE === "0") return false;
  let bundle = prebuiltBundle();
  if (bundle) {
    // The package's own bundle is never removed: a failure to load it is a broken install, reported as such.
    await import(pathToFileURL(bundle.main).href);
    return true;
  }
  try {
    bundle = await ensureBundle();
  } catch (err) {
    notice(`the CLI bundle could not be made: ${describeFailure(err)}`);
    return false;
  }
  try {
    // The bundle's main module only sets up the commands when evaluated; a failure here ran no command.
    await import(pathToFileURL(bundle.main).href);
    return true;
  } catch (err) {
    notice(`the CLI bundle in ${bundle.dir} did not load, so it is removed: ${describeFailure(err)}`);
    discardBundle(bundle.dir, bundleCacheDir(PACKAGE_ROOT));
    return false;
  }
}

if (!(await runBundle())) {
  let tsx;
  try {
    tsx = await import("tsx/esm/api");
  } catch {
    console.error(
      "docsite: cannot start: no CLI bundle, and tsx (to run the sources) is not installed; reinstall docsite",
    );
    process.exit(2);
  }
  tsx.register();
  await import("../cli/main.ts");
}
