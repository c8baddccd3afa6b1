// `docsite init [dir]`: a new site that builds as it is — docs (one version, a sidebar), a blog post, a home page
// module, interface strings per locale, a logo and favicon, package.json with docsite and its scripts. Flags only
// (no prompts), so CI can run it. The files come from cli/init/templates/ (see its README).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { DocsiteError } from "../log.ts";
import { fromRoot } from "../boot/locations.ts";
import { addDocsite, SCHEMA_PATH } from "./site-package.ts";

const TEMPLATES = fromRoot("cli", "init", "templates");
/** Where `--github-pages` puts its workflow (docs/deploy.md shows it). */
export const GITHUB_WORKFLOW = ".github/workflows/deploy.yml";

export interface InitOptions {
  /** Locales, the first the default; `["en"]` when absent. */
  locales?: string[];
  /** Write into a folder that is not empty (files of the same name are replaced, others kept). */
  force?: boolean;
  /** The blog post's date (today when absent). */
  today?: Date;
  /** `owner/repo`: write a GitHub Pages workflow and set `url` and `baseUrl` for that repository's Pages address. */
  githubPages?: string;
}

export interface InitReport {
  dir: string;
  title: string;
  locales: string[];
  /** Files written, relative to `dir`, sorted. */
  files: string[];
  /** How package.json names docsite. */
  docsite: string;
}

/** `--locales en,ru` → canonical, unique locale tags; a malformed one is an error naming it. */
export function parseLocales(value: string): string[] {
  const out: string[] = [];
  for (const raw of value.split(",").map((s) => s.trim())) {
    if (!raw) continue;
    let tag: string;
    try {
      if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(raw)) throw new RangeError(raw);
      [tag] = Intl.getCanonicalLocales(raw);
    } catch {
      throw new DocsiteError(
        `"${raw}" is not a locale`,
        undefined,
        "give language tags separated by commas, e.g. --locales en,ru or --locales en,pt-BR",
      );
    }
    if (!out.includes(tag)) out.push(tag);
  }
  if (!out.length) throw new DocsiteError("--locales names no locale", undefined, "e.g. --locales en,ru");
  return out;
}

/** The site's title from its folder's name: `my-docs` → "My docs"; letters, digits and spaces only. */
export function titleOf(dir: string): string {
  const words = basename(resolve(dir))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (!words.length) return "Docs";
  const text = words.join(" ");
  return text[0].toUpperCase() + text.slice(1);
}

/** The language's own name for itself ("Русский" for ru), for the locale menu. */
function localeLabel(locale: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([locale], { type: "language" }).of(locale);
  } catch {
    /* no data for it: the tag itself */
  }
  const label = name ?? locale;
  return label[0].toLocaleUpperCase(locale) + label.slice(1);
}

/** The writing direction of a locale's script (Arabic and Hebrew: right to left). */
function direction(locale: string): "ltr" | "rtl" {
  const info = (new Intl.Locale(locale) as Intl.Locale & { textInfo?: { direction?: string } }).textInfo;
  return info?.direction === "rtl" ? "rtl" : "ltr";
}

/** The templates of a locale: its own, its language's, else English. */
function localeTemplates(locale: string): string {
  for (const candidate of [locale, locale.split("-")[0]]) {
    const dir = join(TEMPLATES, candidate);
    if (existsSync(dir)) return dir;
  }
  return join(TEMPLATES, "en");
}

function filesIn(dir: string, rel = ""): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...filesIn(dir, r));
    else out.push(r);
  }
  return out;
}

/** Folders a new site may be made in: empty, or holding only a git repository. */
const EMPTY_ENOUGH = new Set([".git"]);

/** Where GitHub Pages publishes `owner/repo`: `owner.github.io` itself at the root, any other repository under its name. */
export function githubPagesAddress(spec: string): { url: string; baseUrl: string } {
  const m = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/.exec(spec.trim());
  if (!m || m[2] === "." || m[2] === "..")
    throw new DocsiteError(
      `"${spec}" is not a GitHub repository`,
      undefined,
      "give it as owner/repository, e.g. --github-pages my-org/docs",
    );
  const [, owner, repo] = m;
  const host = `${owner.toLowerCase()}.github.io`;
  return { url: `https://${host}`, baseUrl: repo.toLowerCase() === host ? "/" : `/${repo}/` };
}

function siteConfig(title: string, locales: string[], address: { url: string; baseUrl: string }): object {
  return {
    $schema: SCHEMA_PATH,
    title,
    tagline: "",
    favicon: "img/favicon.svg",
    url: address.url,
    baseUrl: address.baseUrl,
    i18n: {
      defaultLocale: locales[0],
      locales,
      localeConfigs: Object.fromEntries(
        locales.map((l) => [l, { label: localeLabel(l), direction: direction(l), htmlLang: l, calendar: "gregory" }]),
      ),
    },
    docs: {
      versions: [
        {
          name: "current",
          label: "1.0",
          path: "",
          isLast: true,
          mainDocId: "index",
          sidebarsFile: "content/sidebars.json",
        },
      ],
    },
    blog: {},
    navbar: {
      title,
      logo: { src: "img/logo.svg", alt: title },
      items: [
        { type: "docSidebar", sidebarId: "docs", label: "theme.navbar.docs", position: "left" },
        { type: "link", to: "/blog/", label: "theme.navbar.blog", position: "left" },
        ...(locales.length > 1 ? [{ type: "localeDropdown", position: "right" }] : []),
        { type: "search", position: "right" },
        { type: "colorMode", position: "right" },
      ],
    },
    footer: {
      links: [
        {
          title: "footer.docs",
          items: [
            { label: "footer.introduction", to: "/docs/" },
            { label: "footer.gettingStarted", to: "/docs/getting-started/" },
          ],
        },
        { title: "footer.more", items: [{ label: "footer.blog", to: "/blog/" }] },
      ],
      copyright: "footer.copyright",
    },
  };
}

export async function initSite(target: string, opts: InitOptions = {}): Promise<InitReport> {
  const dir = resolve(target);
  const locales = opts.locales ?? ["en"];
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory())
      throw new DocsiteError("is a file, not a folder", { file: target }, "choose a folder for the new site");
    const there = readdirSync(dir).filter((n) => !EMPTY_ENOUGH.has(n));
    if (there.length && !opts.force)
      throw new DocsiteError(
        `the folder is not empty (${there.slice(0, 3).join(", ")}${there.length > 3 ? ", …" : ""})`,
        { file: target },
        "choose a new or empty folder, or add --force to write into it (files of the same name are replaced, others kept)",
      );
  }
  const address = opts.githubPages
    ? githubPagesAddress(opts.githubPages)
    : { url: "https://example.com", baseUrl: "/" };
  const title = titleOf(dir);
  const date = (opts.today ?? new Date()).toISOString().slice(0, 10);
  const fill = (text: string) => text.replaceAll("{{title}}", title).replaceAll("{{date}}", date);
  const files = new Map<string, string | Buffer>();

  const common = join(TEMPLATES, "site");
  for (const f of filesIn(common)) {
    const out = f === "gitignore" ? ".gitignore" : f;
    files.set(out, readFileSync(join(common, f)));
  }
  for (const locale of locales) {
    const from = localeTemplates(locale);
    for (const f of filesIn(from, "docs"))
      files.set(`content/${locale}/docs/current/${f.slice("docs/".length)}`, fill(readFileSync(join(from, f), "utf8")));
    for (const f of filesIn(from, "blog"))
      files.set(`content/${locale}/blog/${date}-${basename(f)}`, fill(readFileSync(join(from, f), "utf8")));
    files.set(`i18n/${locale}.json`, fill(readFileSync(join(from, "strings.json"), "utf8")));
  }
  files.set("site.config.json", `${JSON.stringify(siteConfig(title, locales, address), null, 2)}\n`);
  if (opts.githubPages) files.set(GITHUB_WORKFLOW, readFileSync(join(TEMPLATES, "github", "deploy.yml")));

  for (const [rel, content] of files) {
    const abs = join(dir, rel);
    await mkdir(dirname(abs), { recursive: true });
    await writeFile(abs, content);
  }
  const { spec } = await addDocsite(dir);
  return {
    dir,
    title,
    locales,
    files: [...files.keys(), "package.json"].sort(),
    docsite: spec,
  };
}

export function formatInitReport(r: InitReport, target: string): string {
  const here = relative(process.cwd(), r.dir) === "";
  return [
    `Created "${r.title}" in ${target}: ${r.files.length} files, locales ${r.locales.join(", ")}; docsite ${r.docsite}`,
    "Next:",
    ...(here ? [] : [`  cd ${target}`]),
    "  npm install",
    "  npm run dev      # live preview at http://127.0.0.1:3000/",
    "  npm run build    # the site in dist/",
    ...(r.files.includes(GITHUB_WORKFLOW)
      ? [
          `Publishing: ${GITHUB_WORKFLOW} builds, checks links and deploys on every push to main;`,
          "  in the repository's settings choose Pages → Source: GitHub Actions (docs/deploy.md in docsite's README).",
        ]
      : []),
  ].join("\n");
}
