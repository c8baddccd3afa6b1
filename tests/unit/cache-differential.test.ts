// The build cache against a cold build, over a random sequence of edits (seeded): after each edit a warm `docsite
// build` and a `docsite build --no-cache` run as processes, and their outputs must be the same bytes. The edits are
// what a project lives through: content, front matter, config, interface strings, sidebars, images, partials,
// components, a package of the site, a package of docsite, docsite's own code, Node's version, damaged cache
// entries, a build killed with SIGKILL, two builds at once. docsite runs from a copy of its package (its code and
// packages can then be edited) as an installed CLI does: from its precompiled bundle.
//
// CI runs a fixed seed. DOCSITE_DIFF_SEED=<n> runs another, DOCSITE_DIFF_SEED=random a new one (printed);
// DOCSITE_DIFF_STEPS=<n> sets the number of edits. A failure names the seed and the step.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import {
  cp,
  lstat,
  mkdir,
  mkdtemp,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  truncate,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { enrich, png, sitePackage, treeDifferences } from "../support/rich-site.ts";
import { mulberry32 } from "../support/seeded.ts";
import { copyDocsite, type Run, runCopy } from "../support/docsite-copy.ts";
import {
  FIRST_GREETING,
  FIRST_SHOWS,
  GREETING,
  READS_EDITS,
  readsProject,
  readsSite,
} from "../support/reads-fixture.ts";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const FIXED_SEED = 20261128;
const seedSetting = process.env.DOCSITE_DIFF_SEED;
const SEED =
  seedSetting === "random" ? Math.floor(Math.random() * 2 ** 31) : seedSetting ? Number(seedSetting) : FIXED_SEED;
const STEPS = Number(process.env.DOCSITE_DIFF_STEPS ?? 32);
if (seedSetting === "random") console.log(`cache differential test: seed ${SEED} (DOCSITE_DIFF_SEED=${SEED})`);

/** The seeded choices of the run: a seed replays the same edits. */
function generator(seed: number) {
  const next = mulberry32(seed);
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(list: readonly T[]): T => list[int(list.length)] };
}

describe("the build cache against cold builds, over random edits", () => {
  let work: string;
  let pkg: string;
  let site: string;
  const rng = generator(SEED);
  let step = 0;
  let n = 0;
  /** What each step did, for the failure message. */
  const log: string[] = [];

  /** `docsite <args>` as a process, from the copy of docsite, in the site; `killAfter`: SIGKILL after that many ms. */
  const docsite = (args: string[], opts: { killAfter?: number; env?: Record<string, string> } = {}): Promise<Run> =>
    runCopy(pkg, site, args, opts);

  const fail = (what: string): never => {
    throw new Error(
      `cache differential test: seed ${SEED}, step ${step} of ${STEPS}: ${what}\n` +
        `steps so far:\n  ${log.join("\n  ")}\nreplay: DOCSITE_DIFF_SEED=${SEED} npx vitest run ${relative(repo, fileURLToPath(import.meta.url))}`,
    );
  };

  /** Warm builds (into `outs`, at once) and a build without cache beside them: the same bytes, each. */
  async function verify(outs = ["dist"], env?: Record<string, string>): Promise<void> {
    const runs = await Promise.all([
      ...outs.map((o) => docsite(["build", "--out", o], { env })),
      docsite(["build", "--no-cache", "--out", "../dist-cold"]),
    ]);
    runs.forEach((r, i) => {
      if (r.code !== 0) fail(`${i < outs.length ? `warm build into ${outs[i]}` : "cold build"} failed:\n${r.out}`);
    });
    for (const o of outs) {
      const differences = await treeDifferences(join(site, o), join(site, "..", "dist-cold"));
      if (differences.length) fail(`${o} differs from a cold build in ${differences.join(", ")}`);
    }
  }

  const edit = async (file: string, change: (text: string) => string) =>
    writeFile(join(site, file), change(await readFile(join(site, file), "utf8")));
  const editJson = (file: string, change: (v: any) => void) =>
    edit(file, (t) => {
      const v = JSON.parse(t);
      change(v);
      return JSON.stringify(v, null, 2);
    });

  const PAGES = [
    "content/en/docs/v1/index.mdx",
    "content/en/docs/v1/guide/first.mdx",
    "content/en/docs/v1/guide/second.mdx",
    "content/ru/docs/v1/index.mdx",
    "content/ru/docs/v1/guide/first.mdx",
    "content/en/blog/hello.mdx",
    "content/ru/blog/hello.mdx",
  ];
  const DOCS = PAGES.filter((p) => p.includes("/docs/"));
  const STRINGS = [
    "theme.navbar.docs",
    "theme.blog.title",
    "theme.admonition.warning",
    "theme.NotFound.title",
    "sidebar.guides",
    "footer.docs",
  ];
  const WORDS = ["alpha", "beta", "gamma", "delta", "screenshot", "browser", "тест", "страница"];
  const words = () => Array.from({ length: 1 + rng.int(6) }, () => rng.pick(WORDS)).join(" ");

  /** Damages one file of the cache at random: bytes zeroed in place, cut short, another file's, or a folder. */
  async function damageSomeEntry(): Promise<string> {
    const cache = join(site, ".docsite", "cache");
    const files = (await readdir(cache, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
    if (!files.length) return "no cache file to damage";
    const file = rng.pick(files);
    const { size } = await stat(file);
    const way = rng.pick(["zeroed", "truncated", "foreign", "folder"] as const);
    if (way === "zeroed" && size > 0) {
      const fd = await open(file, "r+");
      const len = Math.max(1, Math.min(32, size >> 2));
      await fd.write(Buffer.alloc(len), 0, len, rng.int(Math.max(1, size - len)));
      await fd.close();
    } else if (way === "truncated") await truncate(file, rng.int(Math.max(1, size)));
    else if (way === "foreign") await cp(rng.pick(files.filter((f) => f !== file).concat(file)), file);
    else {
      await rm(file);
      await mkdir(file);
    }
    return `${way} ${relative(cache, file)}`;
  }

  /** The edits. Each returns what it did; most change what some page shows. */
  const KINDS: Record<string, () => Promise<string>> = {
    content: async () => {
      const page = rng.pick(PAGES);
      await edit(page, (t) => `${t}\nEdit ${n}: ${words()}.\n`);
      return page;
    },
    "front matter": async () => {
      const page = rng.pick(DOCS);
      const field = rng.pick(["title", "description", "sidebar_position"]);
      const value = field === "sidebar_position" ? String(1 + rng.int(5)) : `"${words()} ${n}"`;
      await edit(page, (t) => {
        const lines = t.split("\n");
        const end = lines.indexOf("---", 1);
        const at = lines.findIndex((l, i) => i < end && l.startsWith(`${field}:`));
        if (at >= 0) lines[at] = `${field}: ${value}`;
        else lines.splice(end, 0, `${field}: ${value}`);
        return lines.join("\n");
      });
      return `${page} ${field}`;
    },
    config: async () => {
      const changes: Array<[string, (c: any) => void]> = [
        ["title", (c) => (c.title = `Fixture ${n}`)],
        ["tagline", (c) => (c.tagline = words())],
        ["navbar.title", (c) => (c.navbar.title = `nav ${n}`)],
        ["trailingSlash", (c) => (c.trailingSlash = !c.trailingSlash)],
        ["baseUrl", (c) => (c.baseUrl = c.baseUrl === "/" ? "/site/" : "/")],
        ["docs.routeBasePath", (c) => (c.docs.routeBasePath = c.docs.routeBasePath === "docs" ? "guides" : "docs")],
        ["versions[0].label", (c) => (c.docs.versions[0].label = `v1.${n}`)],
        ["blog.postsPerPage", (c) => (c.blog.postsPerPage = 1 + rng.int(5))],
        ["colorMode.defaultMode", (c) => (c.colorMode.defaultMode = rng.pick(["light", "dark", "system"]))],
        ["i18n.defaultLocale", (c) => (c.i18n.defaultLocale = c.i18n.defaultLocale === "en" ? "ru" : "en")],
      ];
      const [name, change] = rng.pick(changes);
      await editJson("site.config.json", change);
      return name;
    },
    strings: async () => {
      const file = `i18n/${rng.pick(["en", "ru"])}.json`;
      const key = rng.pick(STRINGS);
      await editJson(file, (m) => (m[key] = `${words()} ${n}`));
      return `${file} ${key}`;
    },
    sidebars: async () => {
      await editJson("content/sidebars.json", (s) => s.main.reverse());
      return "order reversed";
    },
    images: async () => {
      const file = `content/en/docs/v1/guide/${rng.pick(["square.png", "square-dark.png"])}`;
      await writeFile(join(site, file), await png(`#${rng.int(0xffffff).toString(16).padStart(6, "0")}`));
      return file;
    },
    partials: async () => {
      await writeFile(join(site, "content/en/docs/v1/_shared.mdx"), `A shared note, version ${n}: ${words()}.\n`);
      return "content/en/docs/v1/_shared.mdx";
    },
    components: async () => {
      await edit("src/components/Badge.jsx", (t) => t.replace(/\{label\}[^{]*\{words\}/, `{label} (${n}): {words}`));
      return "src/components/Badge.jsx";
    },
    "site package": async () => {
      await sitePackage(site, `1.${n}.0`, `${words()} ${n}`);
      return `site-lib 1.${n}.0`;
    },
    "docsite package": async () => {
      // github-slugger (heading ids) as npm would leave a new version of it: other files, another version recorded.
      const dir = join(pkg, "node_modules", "github-slugger");
      const real = join(repo, "node_modules", "github-slugger");
      if ((await lstat(dir)).isSymbolicLink()) {
        await rm(dir, { recursive: true, force: true });
        await cp(real, dir, { recursive: true, dereference: true });
      }
      const version = `2.0.${n}`;
      await editJson(join(relative(site, dir), "package.json"), (p) => (p.version = version));
      const index = join(dir, "index.js");
      const source = await readFile(join(real, "index.js"), "utf8");
      await writeFile(
        index,
        source.replace("return value.replace(regex, '')", `return 'v${n}-' + value.replace(regex, '')`),
      );
      await editJson(join(relative(site, pkg), "node_modules", ".package-lock.json"), (l) => {
        l.packages["node_modules/github-slugger"].version = version;
      });
      return `github-slugger ${version}`;
    },
    "docsite code": async () => {
      const file = join(pkg, "theme", "layout", "Footer.tsx");
      const text = await readFile(file, "utf8");
      await writeFile(
        file,
        text.replace(/<footer className="footer"( data-edit="\d+")?>/, `<footer className="footer" data-edit="${n}">`),
      );
      return "theme/layout/Footer.tsx";
    },
    "node version": async () => "a build under Node 99 (as it reports itself), then one under this Node",
    "damaged entries": damageSomeEntry,
    "killed build": async () => "content edited, a build killed with SIGKILL",
    "two builds at once": async () => "content edited, two warm builds into two folders at once",
  };

  async function makeBundle(): Promise<void> {
    const r = await docsite(["--version"]);
    if (r.code !== 0) fail(`docsite --version failed:\n${r.out}`);
  }

  /** The special steps' own way of building; the others: an edit, then `verify()`. */
  async function runStep(kind: string): Promise<void> {
    const what = await KINDS[kind]();
    log.push(`${step}. ${kind}: ${what}`);
    // docsite's code or packages changed: its CLI bundle is made again, once, before the builds that use it.
    if (kind === "docsite package" || kind === "docsite code") await makeBundle();
    if (kind === "node version") {
      const preload = join(work, "node99.mjs");
      await writeFile(preload, 'Object.defineProperty(process, "version", { value: "v99.0.0" });\n');
      await verify(["dist"], { NODE_OPTIONS: `--import=${preload}` });
      await verify();
    } else if (kind === "killed build") {
      await KINDS.content();
      const killed = await docsite(["build"], { killAfter: 30 + rng.int(1500) });
      log.push(`   killed: ${killed.signal ?? `exit ${killed.code}`}`);
      await verify();
    } else if (kind === "two builds at once") {
      await KINDS.content();
      await verify(["dist", "dist-2"]);
    } else await verify();
  }

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "docsite-diff-"));
    // docsite's package: its code copied, its packages linked one by one (so one can be replaced), npm's record copied.
    pkg = await copyDocsite(join(work, "docsite"));
    // The site where the fixtures are in docsite's repository (its custom page imports the theme by a relative path).
    site = join(pkg, "tests", "fixtures", "site");
    await cp(join(repo, "tests", "fixtures", "basic"), site, { recursive: true });
    await cp(join(repo, "i18n"), join(site, "i18n"), { recursive: true });
    await enrich(site);
    // A heading without an id of its own (its id comes from github-slugger), and links that may break as paths change.
    await edit("content/en/docs/v1/guide/second.mdx", (t) => `${t}\n## A heading to slug\n\nText.\n`);
    await edit("site.config.json", (t) => t.replace('"onBrokenLinks": "throw"', '"onBrokenLinks": "warn"'));
    step = 0;
    log.push("0. first build");
    await makeBundle();
    await verify();
  });
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true, maxRetries: 3 });
  });

  it(`keeps every warm build equal to a cold one (seed ${SEED}, ${STEPS} steps)`, async () => {
    // Every kind at least once, the rest drawn at random; code and package edits (a new CLI bundle each) sparingly.
    const kinds = Object.keys(KINDS);
    const cheap = kinds.filter((k) => !["docsite package", "docsite code", "node version"].includes(k));
    const order = [...kinds, ...Array.from({ length: Math.max(0, STEPS - kinds.length) }, () => rng.pick(cheap))];
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const kind of order) {
      step++;
      n++;
      await runStep(kind);
    }
    // The run CI makes: at least 30 edits.
    if (process.env.DOCSITE_DIFF_STEPS === undefined) expect(step).toBeGreaterThanOrEqual(30);

    // Last, the project moved to another folder, its cache with it: the CLI bundle is made again there (it holds its
    // folder's path), and the next build is as warm as before — nothing compiled or rendered again — and right. (A
    // folder beside this one: the copy's packages are links to the repository's, which stay where they are.)
    step++;
    log.push(`${step}. moved: the package and the site to another folder`);
    await verify();
    const cache = () => join(site, ".docsite", "cache");
    const entries = async () => (await readdir(join(cache(), "mdx"))).sort();
    const before = { mdx: await entries(), index: (await stat(join(cache(), "render-index.json"))).mtimeMs };
    await rename(pkg, join(work, "moved"));
    pkg = join(work, "moved");
    site = join(pkg, "tests", "fixtures", "site");
    await makeBundle();
    await verify();
    expect(await entries(), "compile entries after the move").toEqual(before.mdx);
    expect((await stat(join(cache(), "render-index.json"))).mtimeMs, "render index after the move").toBe(before.index);
    // Sixty-odd builds: on a two-core machine with other work beside it (load 30–40) this ran past 600 s, so its hang
    // guard is set for that load, not for a quiet machine.
  }, 1_800_000);
});

// What bundles and compiles read outside the site's own files (tests/support/reads-fixture.ts): a monorepo's shared
// module, a linked workspace package, a package file edited without npm's record changing, a file added that an MDX
// import now resolves to, an environment variable content reads. After each, a warm build writes the bytes of a build
// without the cache (in this process: the toolchain identity is the same throughout, so only what the entries
// recorded can tell). tests/package/installed-cache.test.ts makes the same edits with docsite installed from its
// tarball.
describe("the build cache against cold builds, after edits of what the site's bundles read, wherever it lies", () => {
  let work: string;
  let site: string;
  let buildSite: typeof import("../support/site.ts").buildSite;

  /** Builds with the cache and without it: the same bytes, and `shows` in the output (an island's chunk too). */
  async function verify(shows: string): Promise<void> {
    await buildSite(site, { outDir: join(site, "dist") });
    await buildSite(site, { outDir: join(site, "dist-cold"), cache: false });
    expect(await treeDifferences(join(site, "dist"), join(site, "dist-cold"))).toEqual([]);
    const files = await readdir(join(site, "dist"), { recursive: true, withFileTypes: true });
    const texts = await Promise.all(
      files.filter((e) => e.isFile()).map((e) => readFile(join(e.parentPath, e.name), "latin1")),
    );
    expect(texts.join("\n")).toContain(shows);
  }

  beforeAll(async () => {
    ({ buildSite } = await import("../support/site.ts"));
    const { importDocusaurus } = await import("../../cli/import/index.ts");
    work = await mkdtemp(join(tmpdir(), "docsite-diff-reads-"));
    const project = join(work, "project");
    await readsProject(project);
    site = join(work, "mono", "website");
    await importDocusaurus(project, site);
    await readsSite(site);
    process.env[GREETING] = FIRST_GREETING;
    await verify(FIRST_SHOWS);
  });
  afterAll(async () => {
    delete process.env[GREETING];
    if (work) await rm(work, { recursive: true, force: true, maxRetries: 3 });
  });

  for (const change of READS_EDITS)
    it(`sees ${change.title}`, async () => {
      Object.assign(process.env, await change.apply(site));
      await verify(change.shows);
    });
});
