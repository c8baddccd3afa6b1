// Keys that cannot forget (cli/cache/identity.ts, cli/cache/cache.ts): a cached result is used only when everything
// that made it is the same. Each setting of the config changed in turn, a package of the site's changed (version and
// code), and Node's version (as the process reports it) changed: each warm build writes the bytes a cold build writes.
// docsite's own code and its packages are changed in a copy of docsite (tests/unit/cache-differential.test.ts).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fixtureSite, removeSite, buildSite, editJson } from "../support/site.ts";
import { enrich, sitePackage, treeDifferences } from "../support/rich-site.ts";
import type { SiteConfig } from "../../cli/config/types.ts";

type Config = Omit<SiteConfig, "rootDir"> & { $schema?: string };

/** One change per setting of site.config.json (all of them but `$schema`), each valid for the fixture. */
const CONFIG_CHANGES: Array<[string, (c: Config) => void]> = [
  // First: the changes of where pages are (base URL, docs path…) leave the fixture's written links behind.
  ["onBrokenLinks", (c) => (c.onBrokenLinks = "warn")],
  ["title", (c) => (c.title = "Renamed fixture")],
  ["tagline", (c) => (c.tagline = "Another tagline")],
  ["favicon", (c) => (c.favicon = "img/logo.svg")],
  ["url", (c) => (c.url = "https://other.example")],
  ["baseUrl", (c) => (c.baseUrl = "/site/")],
  ["trailingSlash", (c) => (c.trailingSlash = false)],
  ["i18n.localeConfigs", (c) => (c.i18n.localeConfigs.ru.label = "Russian")],
  ["i18n.defaultLocale", (c) => (c.i18n.defaultLocale = "ru")],
  ["i18n.locales", (c) => (c.i18n.locales = ["ru", "en"])],
  ["docs.routeBasePath", (c) => (c.docs.routeBasePath = "guides")],
  ["docs.pluginId", (c) => (c.docs.pluginId = "main-docs")],
  ["docs.breadcrumbs", (c) => (c.docs.breadcrumbs = true)],
  ["docs.versions", (c) => Object.assign(c.docs.versions[0], { path: "one", label: "One" })],
  ["blog.routeBasePath", (c) => (c.blog.routeBasePath = "news")],
  ["blog.sidebarCount", (c) => (c.blog.sidebarCount = 3)],
  ["blog.postsPerPage", (c) => (c.blog.postsPerPage = 1)],
  ["blog.feed", (c) => (c.blog.feed = false)],
  ["blog.wordsPerMinute", (c) => (c.blog.wordsPerMinute = 60)],
  ["blog.tagPages", (c) => (c.blog.tagPages = true)],
  ["blog.excerpts", (c) => (c.blog.excerpts = "truncate")],
  ["navbar.title", (c) => (c.navbar.title = "Fixture nav")],
  ["navbar.hideOnScroll", (c) => (c.navbar.hideOnScroll = false)],
  ["navbar.style", (c) => (c.navbar.style = "dark")],
  ["navbar.logo", (c) => (c.navbar.logo = { ...c.navbar.logo, alt: "Logo", width: 30 })],
  ["navbar.items", (c) => c.navbar.items.reverse()],
  ["footer.links", (c) => c.footer.links[0].items.reverse()],
  ["footer.icons", (c) => c.footer.icons.push({ label: "footer.docs", href: "https://x.example/", icon: "github" })],
  ["footer.style", (c) => (c.footer.style = "dark")],
  ["footer.copyright", (c) => (c.footer.copyright = "footer.docs")],
  ["announcementBar", (c) => (c.announcementBar = { id: "a1", content: "footer.docs", isCloseable: true })],
  ["colorMode", (c) => Object.assign(c.colorMode, { defaultMode: "dark", respectPrefersColorScheme: true })],
  ["search.reportIssueUrl", (c) => (c.search.reportIssueUrl = "https://issues.example/")],
  [
    "search.provider",
    (c) =>
      (c.search = {
        provider: "algolia",
        algolia: { appId: "APP", apiKey: "KEY", indexName: "fixture", contextualSearch: true },
      }),
  ],
  ["analytics", (c) => (c.analytics = { yandexMetrika: { counterId: "12345", webvisor: false, trackHash: true } })],
  [
    "webFont",
    (c) => (c.webFont = { stylesheet: "https://fonts.example/a.css", preconnect: ["https://fonts.example"] }),
  ],
  // beforeAll writes the stylesheet.
  ["customCss", (c) => (c.customCss = ["src/css/custom.css"])],
  ["redirects.rules", (c) => (c.redirects = { rules: [{ from: "/old-home/", to: "/docs/v1/" }] })],
  ["redirects.fromExtensions", (c) => (c.redirects = { ...c.redirects, fromExtensions: ["html"] })],
  ["redirects.toExtensions", (c) => (c.redirects = { ...c.redirects, toExtensions: ["htm"] })],
  ["redirects.module", (c) => (c.redirects = { ...c.redirects, module: "redirects.mjs" })],
  ["onBrokenAnchors", (c) => (c.onBrokenAnchors = "ignore")],
  ["onDuplicateRoutes", (c) => (c.onDuplicateRoutes = "ignore")],
  ["onMissingTranslations", (c) => (c.onMissingTranslations = "ignore")],
  // The time a page may take: the same pages either way, as long as none takes that long.
  ["pageTimeLimit", (c) => (c.pageTimeLimit = 120)],
  ["docusaurus.aliases", (c) => (c.docusaurus = { aliases: { "docs/": "content/en/docs/v1/" } })],
];

/** A createRedirects module: the home page is also reached from `from`. */
const REDIRECTS_MODULE = (from: string) =>
  `export function createRedirects(path) { return path === "/" ? ["${from}"] : undefined; }\n`;

describe("keys that cannot forget", () => {
  let root: string;
  /** A warm build beside a build without cache: the same bytes (the files that differ, none). */
  const warmEqualsCold = async () => {
    // Both awaited before either's failure is thrown: a build left running would hold the output's lock.
    const [warm, cold] = await Promise.allSettled([
      buildSite(root),
      buildSite(root, { outDir: join(root, "dist-cold"), cache: false }),
    ]);
    if (warm.status === "rejected") throw warm.reason;
    if (cold.status === "rejected") throw cold.reason;
    return { warm: warm.value, differences: await treeDifferences(join(root, "dist"), join(root, "dist-cold")) };
  };

  beforeAll(async () => {
    root = await fixtureSite();
    await enrich(root);
    // Files the config changes below name: a stylesheet and a redirects module.
    await mkdir(join(root, "src", "css"), { recursive: true });
    await writeFile(join(root, "src", "css", "custom.css"), ":root { --ifm-color-primary: #2e8555; }\n");
    await writeFile(join(root, "redirects.mjs"), REDIRECTS_MODULE("/from-module/"));
    await buildSite(root);
  });
  afterAll(() => removeSite(root));

  it("covers every setting the config schema has, and every setting of its groups", async () => {
    const { readFile } = await import("node:fs/promises");
    const schema = JSON.parse(
      await readFile(new URL("../../cli/config/site-config.schema.json", import.meta.url), "utf8"),
    ) as { properties: Record<string, { properties?: Record<string, unknown> }> };
    const names = CONFIG_CHANGES.map(([name]) => name);
    const covered = (name: string) => names.some((n) => n === name || n.startsWith(`${name}.`));
    // A group's settings one by one, except where one change of the whole group stands for them (i18n, search,
    // docusaurus, and those whose settings only make sense together: an analytics counter, a web font, the colour
    // mode, the announcement bar).
    const whole = new Set(["i18n", "search", "docusaurus", "analytics", "webFont", "colorMode", "announcementBar"]);
    for (const [key, value] of Object.entries(schema.properties)) {
      if (key === "$schema") continue;
      expect(covered(key), key).toBe(true);
      if (value.properties && !whole.has(key))
        for (const sub of Object.keys(value.properties)) expect(covered(`${key}.${sub}`), `${key}.${sub}`).toBe(true);
    }
  });

  it("builds what a cold build writes after a change of each setting of the config", async () => {
    for (const [name, change] of CONFIG_CHANGES) {
      await editJson(root, "site.config.json", change);
      const { differences } = await warmEqualsCold().catch((err: Error) => {
        throw new Error(`after a change of ${name}: ${err.message}`);
      });
      expect(differences, `after a change of ${name}`).toEqual([]);
    }
  });

  it("builds what a cold build writes after an edit of a file the config names (stylesheet, redirects module)", async () => {
    const edits: Array<[string, () => Promise<void>]> = [
      ["the stylesheet", () => writeFile(join(root, "src", "css", "custom.css"), ".navbar { border: 0; }\n")],
      ["the redirects module", () => writeFile(join(root, "redirects.mjs"), REDIRECTS_MODULE("/elsewhere/"))],
    ];
    for (const [name, edit] of edits) {
      await edit();
      const { differences } = await warmEqualsCold();
      expect(differences, `after an edit of ${name}`).toEqual([]);
    }
    // The edits took effect: the module's new address is a redirect page, the stylesheet's rule is in the output.
    const { tree } = await import("../support/rich-site.ts");
    const files = await tree(join(root, "dist"));
    const names = [...files.keys()];
    expect(
      names.some((f) => f.startsWith("elsewhere")),
      names.filter((f) => !f.startsWith("assets/")).join(" "),
    ).toBe(true);
    expect(
      [...files.values()].some(
        (b) => b.toString("utf8").includes("border:0") || b.toString("utf8").includes("border: 0"),
      ),
    ).toBe(true);
  });

  it("builds what a cold build writes after a site's package changes (its version and code)", async () => {
    await sitePackage(root, "2.0.0", "second words");
    const { warm, differences } = await warmEqualsCold();
    expect(differences).toEqual([]);
    expect(warm.compileStats.cached).toBe(0);
    const { tree } = await import("../support/rich-site.ts");
    const pages = [...(await tree(join(root, "dist"))).values()].map((b) => b.toString("utf8"));
    expect(pages.some((html) => html.includes("second words"))).toBe(true);
  });

  it("uses nothing a build under another Node major version cached, and the same the other way", async () => {
    const real = Object.getOwnPropertyDescriptor(process, "version")!;
    const major = Number(process.version.slice(1).split(".")[0]);
    await buildSite(root);
    try {
      Object.defineProperty(process, "version", { ...real, value: `v${major + 1}.0.0` });
      const other = await buildSite(root);
      expect(other.compileStats.cached).toBe(0);
      expect(other.renderStats.cached).toBe(0);
    } finally {
      Object.defineProperty(process, "version", real);
    }
    const back = await buildSite(root);
    expect(back.compileStats.cached).toBe(0);
    const again = await buildSite(root);
    expect(again.compileStats.compiled).toBe(0);
  });
});
