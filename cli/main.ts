// The docsite command line.
import { Command, InvalidArgumentError } from "commander";
import kleur from "kleur";
import { join, relative, resolve } from "node:path";
import { existsSync, readFileSync, statSync } from "node:fs";
import { createLogger, exitCodeOf, formatError, DocsiteError } from "./log.ts";
import { fromRoot } from "./boot/locations.ts";

/** The installed docsite's version, from its package.json. */
const VERSION = (JSON.parse(readFileSync(fromRoot("package.json"), "utf8")) as { version: string }).version;

const port = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError("a port number from 0 to 65535");
  return n;
};

/** A path as the user gave it: relative to the working folder when inside it. */
const relativeOrAbsolute = (p: string): string => {
  const rel = relative(process.cwd(), p);
  return rel && !rel.startsWith("..") ? rel : p;
};

/** A folder argument (`--dir` of serve and check-links): it must exist and be a folder; exits 1 naming it if not. */
function folderArgument(given: string, option: string, shown = given): string {
  // resolve("") is the working folder: `--dir ""` would serve the site's sources.
  if (!given.trim())
    fail(new DocsiteError(`${option} is empty`, {}, "pass the built site's folder (e.g. --dir dist), or leave it out"));
  const dir = resolve(given);
  let st: ReturnType<typeof statSync> | undefined;
  try {
    st = statSync(dir);
  } catch {
    fail(
      new DocsiteError(
        `${option} ${shown}: ${dir} does not exist`,
        {},
        "run `docsite build` first, or pass the built site's folder",
      ),
    );
  }
  if (!st.isDirectory())
    fail(
      new DocsiteError(
        `${option} ${shown}: ${dir} is a file, not a folder`,
        {},
        "pass the built site's folder (e.g. dist)",
      ),
    );
  return dir;
}

/**
 * The built site a command reads (serve, check-links): `--dir` when given, else `<--root>/dist`, the folder
 * `docsite build --root` writes, so every command names the site by the same option. Exits 1 naming it if it is
 * not a folder.
 */
const builtArgument = (o: { root: string; dir?: string }): string =>
  o.dir !== undefined
    ? folderArgument(o.dir, "--dir")
    : folderArgument(join(o.root, "dist"), "--root", `${o.root} (its dist/)`);

/**
 * A site folder argument (`--root` of build and dev): it must be a folder holding a site.config.json file; exits 1
 * naming it if not, before anything is read or written (a build would otherwise make the folder for its output).
 */
function siteArgument(given: string): string {
  const root = resolve(given);
  const hint = "run docsite in the site's folder or pass --root <the folder with site.config.json>";
  if (!given.trim()) fail(new DocsiteError("--root is empty", {}, hint));
  const kind = (p: string) => (existsSync(p) ? (statSync(p).isDirectory() ? "folder" : "file") : null);
  if (kind(root) !== "folder")
    fail(
      new DocsiteError(
        `no site at ${root}: ${kind(root) ? "it is a file, not a folder" : "it does not exist"}`,
        {},
        hint,
      ),
    );
  const config = join(root, "site.config.json");
  if (!kind(config)) fail(new DocsiteError(`no site at ${root}: no site.config.json in ${root}`, {}, hint));
  if (kind(config) === "folder")
    fail(
      new DocsiteError(
        "is a folder, but it must be a file",
        { file: config },
        "rename or move that folder; site.config.json holds the site's settings (JSON)",
      ),
    );
  return root;
}

function fail(err: unknown, code: number = exitCodeOf(err)): never {
  console.error(formatError(err, { debug: Boolean(program.opts().debug) }));
  process.exit(code);
}

const seconds = (v: string) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError("a number of seconds above 0");
  return n;
};

/**
 * An imported Docusaurus project's remark/rehype plugins run with the site folder as working directory, as
 * Docusaurus runs them: paths in their options are read from there (remark-typescript-tools resolves its tsconfig's
 * `types` from "./"). Every path docsite itself reads is made absolute before this (`--root`, `--out`).
 */
function enterSiteForPlugins(root: string): void {
  let plugins: unknown;
  try {
    const config = JSON.parse(readFileSync(join(root, "site.config.json"), "utf8")) as {
      docusaurus?: { mdxPlugins?: unknown };
    };
    plugins = config.docusaurus?.mdxPlugins;
  } catch {
    return; // no readable config: the command says so itself
  }
  if (plugins && typeof plugins === "object" && Object.keys(plugins).length) process.chdir(root);
}

const program = new Command()
  .name("docsite")
  .description("Build, preview and check a documentation site from MDX content and site.config.json")
  .version(VERSION, "-v, --version", "print docsite's version")
  .showHelpAfterError("(add --help for usage)")
  .option("--debug", "print the stack trace of a failure")
  // Every command's --help lists --debug too (it is the program's option, given before or after the command).
  .configureHelp({ showGlobalOptions: true });

program
  .command("build")
  .description("build the site into dist/ (replaced only when the whole build succeeds)")
  .option("-r, --root <dir>", "site folder (with site.config.json)", ".")
  .option("-o, --out <dir>", "output folder", "dist")
  .option("--skip-failing-pages", "build the pages that work; list the failing ones as warnings (for migrations)")
  .option("--verbose", "list every missing translation (otherwise one line per locale)")
  .option("--no-cache", "read and write no build cache (.docsite/cache): a cold build, the same output")
  .action(async (o: { root: string; out: string; skipFailingPages?: boolean; verbose?: boolean; cache: boolean }) => {
    const logger = createLogger();
    try {
      const root = siteArgument(o.root);
      enterSiteForPlugins(root);
      // Each command loads its own modules when it runs: `docsite build` never loads the dev server or the importer.
      const { build } = await import("./pipeline/build.ts");
      // One build per process: each recorded file's stat is checked once, not at each use (cli/cache/file-hashes.ts).
      const { checkStatsOncePerProcess } = await import("./cache/file-hashes.ts");
      checkStatsOncePerProcess(true);
      const r = await build({
        root,
        outDir: resolve(root, o.out),
        logger,
        skipFailingPages: o.skipFailingPages,
        verbose: o.verbose,
        cache: o.cache,
      });
      const perLocale = r.config.i18n.locales
        .map((l) => `${l}: ${r.table.routes.filter((x) => x.locale === l).length}`)
        .join(", ");
      logger.info(
        `\n${kleur.green().bold("Built")} ${r.pages} routes (${perLocale}), ${r.files} files in ${(r.timings.total / 1000).toFixed(2)} s ` +
          `(${process.uptime().toFixed(2)} s since the process started) → ${r.outDir}`,
      );
      if (r.warnings.length) logger.info(kleur.yellow(`${r.warnings.length} warning(s)`));
    } catch (err) {
      fail(err);
    }
  });

program
  .command("clean")
  .description("remove the build cache (.docsite/ of the site folder); nothing else is touched")
  .option("-r, --root <dir>", "site folder (with site.config.json)", ".")
  .action(async (o: { root: string }) => {
    try {
      const { cleanCache } = await import("./cache/clean.ts");
      const removed = await cleanCache(resolve(o.root));
      console.log(removed ? `Removed ${removed}` : "No build cache to remove");
    } catch (err) {
      fail(err);
    }
  });

program
  .command("serve")
  .description("serve the built site on 127.0.0.1, at the base path it was built for")
  .option("-r, --root <dir>", "site folder: serves its dist/", ".")
  .option("-d, --dir <dir>", "built site folder (default: <root>/dist)")
  .option("-p, --port <port>", "port", port, 4173)
  .action(async (o: { root: string; dir?: string; port: number }) => {
    const dir = builtArgument(o);
    try {
      const { serve } = await import("./server/serve.ts");
      const server = await serve({ dir, port: o.port });
      const a = server.address();
      const p = typeof a === "object" && a ? a.port : o.port;
      console.log(
        `${kleur.green("Serving")} ${relativeOrAbsolute(dir)} at ${kleur.bold(`http://127.0.0.1:${p}/`)} — Ctrl+C to stop`,
      );
    } catch (err) {
      fail(err);
    }
  });

program
  .command("dev")
  .description("start the development server: pages render on request and reload when files change")
  .option("-r, --root <dir>", "site folder", ".")
  .option("-p, --port <port>", "port", port, 3000)
  .action(async (o: { root: string; port: number }) => {
    try {
      const root = siteArgument(o.root);
      enterSiteForPlugins(root);
      const { dev, WATCHED } = await import("./server/dev.ts");
      const server = await dev({ root, port: o.port });
      const a = server.address();
      const watched = WATCHED.filter((p) => existsSync(join(root, p))).map((p) => (p.includes(".") ? p : `${p}/`));
      console.log(
        `${kleur.green("Dev server")} at ${kleur.bold(`http://127.0.0.1:${typeof a === "object" && a ? a.port : o.port}/`)} — watching ${watched.join(", ")}`,
      );
    } catch (err) {
      fail(err);
    }
  });

program
  .command("check-links")
  .description(
    "check every internal link and anchor of a built site (or of a served one with --url); exits 1 on a broken link",
  )
  .option("-r, --root <dir>", "site folder: checks its dist/", ".")
  .option("-d, --dir <dir>", "built site folder (default: <root>/dist)")
  .option("-u, --url <url>", "crawl a served site instead, e.g. http://127.0.0.1:4173/")
  .option("--anchors-fail", "treat broken anchors as errors too")
  .action(async (o: { root: string; dir?: string; url?: string; anchorsFail?: boolean }) => {
    try {
      const dir = o.url ? "" : builtArgument(o);
      const { checkDist, checkUrl, dedupe } = await import("./links/check-dist.ts");
      const r = o.url ? await checkUrl(o.url) : await checkDist(dir);
      const problems = dedupe(r.problems);
      const links = problems.filter((p) => p.kind === "link");
      const anchors = problems.filter((p) => p.kind === "anchor");
      const unchecked = problems.filter((p) => p.kind === "unchecked");
      for (const p of links) console.error(`${kleur.red("broken link")}   ${p.page} → ${p.url}`);
      for (const p of anchors) console.error(`${kleur.yellow("broken anchor")} ${p.page} → ${p.url}`);
      for (const p of unchecked) console.error(`${kleur.yellow("404 for readers")} ${p.page} → ${p.url}`);
      if (unchecked.length)
        console.error(
          `${unchecked.length} link(s) written as JSX <a> lead nowhere: Docusaurus does not check those, so neither ` +
            "does the build (it warns) nor this check count them as broken; readers who follow them get a 404",
        );
      console.log(
        `${r.pages} pages, ${r.links} internal links: ${links.length} broken link(s), ${anchors.length} broken anchor(s)` +
          (unchecked.length ? `, ${unchecked.length} unchecked link(s) leading nowhere` : ""),
      );
      process.exit(links.length || (o.anchorsFail && anchors.length) ? 1 : 0);
    } catch (err) {
      fail(err, err instanceof DocsiteError ? 1 : 2);
    }
  });

program
  .command("init")
  .description("create a new site that builds as it is: docs, a blog post, a home page, package.json with docsite")
  .argument("[dir]", "the new site's folder (made when missing; must be empty)", ".")
  .option("-l, --locales <list>", "locales, the first the default, e.g. en,ru", "en")
  .option("--force", "write into a folder that is not empty (files of the same name are replaced, others kept)")
  .option(
    "--github-pages <owner/repo>",
    "add a GitHub Actions workflow that builds, checks links and publishes to GitHub Pages; url and baseUrl set for it",
  )
  .action(async (dir: string, o: { locales: string; force?: boolean; githubPages?: string }) => {
    try {
      const { initSite, formatInitReport, parseLocales } = await import("./init/index.ts");
      const report = await initSite(dir, {
        locales: parseLocales(o.locales),
        force: o.force,
        githubPages: o.githubPages,
      });
      console.log(formatInitReport(report, dir));
    } catch (err) {
      fail(err);
    }
  });

program
  .command("import")
  .description("create a docsite project from a Docusaurus 3 project (content copied byte for byte)")
  .usage("<docusaurus-dir> --out <dir> [options]")
  .argument("<docusaurus-dir>", "the Docusaurus project folder")
  .requiredOption("-o, --out <dir>", "the new docsite project folder, required (must not exist)")
  .option("--force", "write into an existing folder (files docsite does not write are kept)")
  .option("--allow-partial-config", "import even when the config cannot be evaluated (what its text gives; defaults)")
  .option("--config-timeout <seconds>", "how long evaluating the config may take", seconds, 60)
  .action(
    async (dir: string, o: { out: string; force?: boolean; allowPartialConfig?: boolean; configTimeout: number }) => {
      try {
        const { importDocusaurus, formatReport } = await import("./import/index.ts");
        const report = await importDocusaurus(resolve(dir), resolve(o.out), {
          force: o.force,
          allowPartialConfig: o.allowPartialConfig,
          configTimeoutMs: o.configTimeout * 1000,
        });
        console.log(formatReport(report, o.out));
      } catch (err) {
        fail(err);
      }
    },
  );

program.parseAsync().catch((err) => fail(err, 2));
