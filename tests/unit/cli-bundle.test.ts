// The precompiled CLI (bin/cli-bundle.js): made when a source changes, reused when none does, whole when two
// processes make it at once, and a broken one falls back to the TypeScript sources. The bundled CLI builds the same
// bytes as the sources do, worker threads included.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { cp, mkdtemp, mkdir, readFile, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import {
  bundleKey,
  CONFIG_AJV_OPTIONS,
  configValidatorModule,
  describeFailure,
  ensureBundle,
  isPackageCode,
  prebuiltBundle,
  removePrebuilt,
  writePrebuilt,
} from "../../bin/cli-bundle.js";
import validateFromSources, { AJV_OPTIONS } from "../../cli/config/validate-config.ts";
import { fixtureSite, removeSite, buildSite } from "../support/site.ts";

const repo = join(import.meta.dirname, "..", "..");
const BIN = join(repo, "bin", "docsite.js");

/** A small package with the layout the bundler expects: cli/main.ts, the worker, encoder and build modules, theme. */
async function tinyPackage(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "docsite-bundle-"));
  const files: Record<string, string> = {
    "cli/main.ts": 'import { greeting } from "./greeting.ts";\nexport const said: string = greeting("main");\n',
    "cli/greeting.ts": 'export const greeting = (who: string): string => "hello from " + who;\n',
    "cli/pipeline/worker.ts": "export const runTask = (n: number): number => n * 2;\n",
    "cli/images/encoder-main.ts": "export const encoder = true;\n",
    "cli/pipeline/build.ts": "export const build = (): boolean => true;\n",
    "theme/index.ts": 'export { greeting } from "../cli/greeting.ts";\n',
    "theme/styles/main.css": "body { color: black; }\n",
  };
  for (const [f, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, f)), { recursive: true });
    await writeFile(join(root, f), text);
  }
  return root;
}

const importFresh = async (file: string) => import(`${pathToFileURL(file).href}?t=${Date.now()}`);

/**
 * The esbuild service processes left alive after `makers` bundles of `root` are made at once, in a node process of
 * its own: this test process's other files may start esbuild's service at any time, and would count.
 */
async function esbuildLeftAfter(root: string, cacheDir: string, makers: number): Promise<number> {
  const script = `
    import { readdirSync, readFileSync, existsSync } from "node:fs";
    const { ensureBundle } = await import(${JSON.stringify(pathToFileURL(join(repo, "bin", "cli-bundle.js")).href)});
    const opts = { root: ${JSON.stringify(root)}, cacheDir: ${JSON.stringify(cacheDir)} };
    const made = await Promise.all(Array.from({ length: ${makers} }, () => ensureBundle(opts)));
    const aliveNow = () => {
      const pids = readdirSync("/proc/self/task").flatMap((t) =>
        readFileSync("/proc/self/task/" + t + "/children", "utf8").split(" ").filter(Boolean));
      // An ended process not yet reaped (state Z) holds no memory.
      return pids.filter((pid) => existsSync("/proc/" + pid + "/stat") &&
        /^\\d+ \\(esbuild\\) [^Z]/.test(readFileSync("/proc/" + pid + "/stat", "utf8"))).length;
    };
    // Stopping the service kills its process; on a loaded machine it may take a moment to end. One that was never
    // stopped is still there after ten seconds.
    let alive = aliveNow();
    for (let waited = 0; alive > 0 && waited < 10000; waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
      alive = aliveNow();
    }
    console.log(JSON.stringify({ made: made.some((m) => m.made), alive }));
    process.exit(0);
  `;
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let text = "";
    child.stdout.on("data", (d) => (text += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}`))));
  });
  const { made, alive } = JSON.parse(out) as { made: boolean; alive: number };
  expect(made).toBe(true);
  return alive;
}

describe("the CLI bundle", () => {
  let root: string;
  let cacheDir: string;
  beforeAll(async () => {
    root = await tinyPackage();
    cacheDir = join(root, "cache");
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("is made once, reused while the sources are unchanged, and made again when a script changes", async () => {
    const first = await ensureBundle({ root, cacheDir });
    expect(first.made).toBe(true);
    expect((await importFresh(first.main)).said).toBe("hello from main");
    expect(existsSync(join(first.dir, "cli", "worker.js"))).toBe(true);
    expect(existsSync(join(first.dir, "cli", "image-encoder.js"))).toBe(true);
    expect(existsSync(join(first.dir, "theme", "index.js"))).toBe(true);

    const again = await ensureBundle({ root, cacheDir });
    expect(again).toEqual({ ...first, made: false });

    // A stylesheet is not part of the bundle: no new one.
    await writeFile(join(root, "theme/styles/main.css"), "body { color: red; }\n");
    expect((await ensureBundle({ root, cacheDir })).made).toBe(false);

    await writeFile(join(root, "cli/greeting.ts"), 'export const greeting = (who: string): string => "hi, " + who;\n');
    // esbuild's service is stopped once the bundle is written: it would keep bundling's memory through the command
    // (a cold build's peak went from about 360 to 480–520 MB on the first build after a source change).
    expect(await esbuildLeftAfter(root, cacheDir, 1)).toBe(0);
    const changed = await ensureBundle({ root, cacheDir });
    expect(changed.made).toBe(false);
    expect(changed.dir).not.toBe(first.dir);
    expect((await importFresh(changed.main)).said).toBe("hi, main");
    // The worker entry exports the task function as tinypool expects (default).
    expect((await importFresh(join(changed.dir, "cli", "worker.js"))).default(21)).toBe(42);
  });

  it("is whole when several makers race, and leaves no temporary folder", async () => {
    await writeFile(join(root, "cli/greeting.ts"), 'export const greeting = (who: string): string => "race " + who;\n');
    // Only the last of racing makers stops esbuild's service, and it does.
    expect(await esbuildLeftAfter(root, cacheDir, 3)).toBe(0);
    await writeFile(
      join(root, "cli/greeting.ts"),
      'export const greeting = (who: string): string => "rerun " + who;\n',
    );
    const results = await Promise.all([1, 2, 3].map(() => ensureBundle({ root, cacheDir })));
    expect(results.some((r) => r.made)).toBe(true);
    expect(new Set(results.map((r) => r.main)).size).toBe(1);
    expect((await importFresh(results[0].main)).said).toBe("rerun main");
    expect(readdirSync(cacheDir).filter((n) => n.startsWith(".tmp-"))).toEqual([]);
  });

  it("keeps the current bundle, the three most recently used others, and any used in the last hour", async () => {
    // A cache of its own: the other tests' bundles are recent too.
    const cacheDir = join(root, "prune-cache");
    const bundles = async () => (await readdir(cacheDir)).filter((n) => /^[0-9a-f]{16}$/.test(n));
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      await writeFile(
        join(root, "cli/greeting.ts"),
        `export const greeting = (who: string): string => "v${i} " + who;\n`,
      );
      await ensureBundle({ root, cacheDir });
      made.push(bundleKey(root));
    }
    // All used within the hour (another worktree may be running from any of them): none removed.
    expect(await bundles()).toHaveLength(5);
    // Two hours old, except the first one, used again just now (its folder's time is its last use).
    const old = new Date(Date.now() - 2 * 3600_000);
    for (const key of made) await utimes(join(cacheDir, key), old, old);
    await writeFile(join(root, "cli/greeting.ts"), `export const greeting = (who: string): string => "v0 " + who;\n`);
    await ensureBundle({ root, cacheDir });
    await writeFile(join(root, "cli/greeting.ts"), `export const greeting = (who: string): string => "v9 " + who;\n`);
    await ensureBundle({ root, cacheDir });
    const kept = await bundles();
    expect(kept).toHaveLength(4);
    expect(kept).toContain(bundleKey(root));
    expect(kept).toContain(made[0]);
  });

  it("fails with the file and line of a source that does not compile", async () => {
    await writeFile(join(root, "cli/greeting.ts"), "export const greeting = (who: string) => {\n  return who +;\n};\n");
    const err = await ensureBundle({ root, cacheDir }).catch((e: unknown) => e);
    expect(describeFailure(err)).toMatch(/cli\/greeting\.ts:2: /);
    expect(readdirSync(cacheDir).filter((n) => n.startsWith(".tmp-"))).toEqual([]);
  });
});

describe("the package's prebuilt bundle (lib/)", () => {
  it("is made from the sources, holds no path of the folder it was made in, and moves with the package", async () => {
    const root = await tinyPackage();
    const moved = await mkdtemp(join(tmpdir(), "docsite-moved-"));
    try {
      const dir = await writePrebuilt(root);
      expect(dir).toBe(join(root, "lib"));
      expect(JSON.parse(await readFile(join(dir, "bundle.json"), "utf8")).root).toBe("..");
      expect(prebuiltBundle(root)).toEqual({ main: join(dir, "cli", "main.js"), dir });
      for (const f of await readdir(dir, { recursive: true }))
        if (f.endsWith(".js")) expect(await readFile(join(dir, f), "utf8"), f).not.toContain(root);

      // Installed elsewhere (npm unpacks the tarball into node_modules): the same bundle is used, and it runs.
      await cp(root, join(moved, "pkg"), { recursive: true });
      const there = prebuiltBundle(join(moved, "pkg"));
      expect(there?.main).toBe(join(moved, "pkg", "lib", "cli", "main.js"));
      expect((await importFresh(there!.main)).said).toBe("hello from main");

      // A source edited after packing: the bundle is not the sources' any more, so it is not used.
      await writeFile(join(moved, "pkg", "cli/greeting.ts"), "export const greeting = (w: string): string => w;\n");
      expect(prebuiltBundle(join(moved, "pkg"))).toBeUndefined();

      // Made again over the old one; removed only when it is one.
      await writePrebuilt(root);
      removePrebuilt(root);
      expect(existsSync(join(root, "lib"))).toBe(false);
      await mkdir(join(root, "lib"));
      await writeFile(join(root, "lib", "mine.js"), "");
      await expect(writePrebuilt(root)).rejects.toThrow(/not a docsite bundle/);
      removePrebuilt(root);
      expect(existsSync(join(root, "lib", "mine.js"))).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
      await rm(moved, { recursive: true, force: true });
    }
  });

  it("tells docsite's own sources from installed packages by place, also when docsite is itself installed", () => {
    const root = join("/p", "node_modules", "docsite");
    expect(isPackageCode(root, join(root, "cli", "main.ts"))).toBe(false);
    expect(isPackageCode(root, join(root, "theme", "index.ts"))).toBe(false);
    expect(isPackageCode(root, join("/p", "node_modules", "yaml", "dist", "index.js"))).toBe(true);
    expect(isPackageCode(root, join(root, "node_modules", "yaml", "dist", "index.js"))).toBe(true);
  });
});

describe("the bundle's precompiled config validator", () => {
  it("answers as the sources' validator does: same options, same errors", async () => {
    expect(CONFIG_AJV_OPTIONS).toEqual(AJV_OPTIONS);
    // Beside the repository's node_modules, so its imports of ajv's runtime resolve.
    const file = join(repo, "tests", "fixtures", `.tmp-validator-${process.pid}.mjs`);
    await writeFile(file, await configValidatorModule(repo));
    try {
      const precompiled = (await import(pathToFileURL(file).href)).default;
      const valid = JSON.parse(await readFile(join(repo, "tests/fixtures/basic/site.config.json"), "utf8"));
      const configs = [
        valid,
        { ...valid, title: "" }, // minLength: ajv's runtime helper (ucs2length)
        { ...valid, title: 5, bogus: true },
        { ...valid, url: "ftp://x", onBrokenLinks: "explode" },
        { ...valid, i18n: { ...valid.i18n, locales: "en" } },
      ];
      for (const c of configs) {
        expect(precompiled(c)).toBe(validateFromSources(c));
        expect(precompiled.errors).toEqual(validateFromSources.errors);
      }
      expect(precompiled(configs[1])).toBe(false);
    } finally {
      await rm(file, { force: true });
    }
  });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const run = (args: string[], env: Record<string, string> = {}): Promise<Run> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: repo,
      env: { ...process.env, NO_COLOR: "1", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });

describe("bin/docsite.js", () => {
  it("runs from a bundle it makes, and from the sources when that bundle is broken (then makes it again)", async () => {
    const cache = await mkdtemp(join(tmpdir(), "docsite-cli-cache-"));
    try {
      const env = { DOCSITE_CLI_CACHE: cache };
      const made = await run(["--version"], env);
      expect(made).toMatchObject({ code: 0, stdout: "0.1.0\n", stderr: "" });
      const [key] = await readdir(cache);
      expect(key).toBe(bundleKey(repo));
      const main = join(cache, key, "cli", "main.js");

      await writeFile(main, "export const broken = ;\n");
      const fellBack = await run(["--version"], env);
      expect(fellBack.code).toBe(0);
      expect(fellBack.stdout).toBe("0.1.0\n");
      expect(fellBack.stderr).toMatch(/running from the TypeScript sources.*did not load, so it is removed/);
      expect(existsSync(join(cache, key))).toBe(false);

      const remade = await run(["--version"], env);
      expect(remade).toMatchObject({ code: 0, stdout: "0.1.0\n", stderr: "" });
      expect(await readFile(main, "utf8")).toContain("commander");
    } finally {
      await rm(cache, { recursive: true, force: true });
    }
  });

  it("builds the same bytes from the bundle as from the sources: a custom page with theme context, worker threads, the image encoder process", async () => {
    // 24 pages in each locale: enough compile tasks for the worker pool (pipeline/pool.ts, POOL_THRESHOLD).
    const pages: Record<string, string> = {};
    for (let i = 0; i < 24; i++) {
      for (const l of ["en", "ru"]) pages[`content/${l}/docs/v1/many/p${i}.mdx`] = `# Page ${i} ${l}\n\nText ${i}.\n`;
    }
    pages["content/en/docs/v1/many/p0.mdx"] += "\n![A grey square](./square.png)\n";
    const site = await fixtureSite("basic", pages);
    try {
      const sharp = (await import("sharp")).default;
      await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#888" } })
        .png()
        .toFile(join(site, "content/en/docs/v1/many/square.png"));
      await buildSite(site, { outDir: join(site, "from-sources") });
      await rm(join(site, ".docsite"), { recursive: true, force: true });
      const r = await run(["build", "--root", site, "--out", "from-bundle"], { DOCSITE_WORKERS: "2" });
      expect(r.stderr).not.toMatch(/TypeScript sources|rror/);
      expect(r.code).toBe(0);
      const files = async (dir: string) =>
        (await readdir(dir, { recursive: true, withFileTypes: true }))
          .filter((e) => e.isFile())
          .map((e) => relative(dir, join(e.parentPath, e.name)))
          .sort();
      const a = join(site, "from-sources");
      const b = join(site, "from-bundle");
      expect(await files(b)).toEqual(await files(a));
      for (const f of await files(a)) expect(await readFile(join(b, f)), f).toEqual(await readFile(join(a, f)));
      expect(await readFile(join(b, "index.html"), "utf8")).toContain("<h1>");
      expect(await files(b)).toContainEqual(expect.stringMatching(/^assets\/img\/square-960\.[0-9a-f]{10}\.webp$/));
    } finally {
      await removeSite(site);
    }
  });
});
