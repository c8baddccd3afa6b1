// Reads site.config.json, validates it against the shipped JSON Schema and fills in defaults.
// Errors name the file, the line of the offending value and what is allowed there.
import { existsSync, statSync } from "node:fs";
import { join, resolve, relative } from "node:path";
import type { ErrorObject } from "ajv";
import validate from "./validate-config.ts";
import { DocsiteError } from "../log.ts";
import { fromRoot } from "../boot/locations.ts";
import { parseJsonText, readUserFile } from "./json-text.ts";
import { isDotSegment } from "./dot-segments.ts";
import { suggestion } from "./did-you-mean.ts";
import schema from "./site-config.schema.json" with { type: "json" };
import type { SiteConfig, NavbarItem } from "./types.ts";

const NAVBAR_ITEM_TYPES = [
  "link",
  "dropdown",
  "docSidebar",
  "docsVersionDropdown",
  "localeDropdown",
  "search",
  "colorMode",
] as const;

/** Line (1-based) of the value at a JSON pointer, found by walking the keys through the text. */
export function lineOfPointer(text: string, pointer: string): number {
  let pos = 0;
  for (const raw of pointer.split("/").filter(Boolean)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (/^\d+$/.test(key)) {
      // Array index: skip to the opening bracket, then count top-level items.
      const open = text.indexOf("[", pos);
      if (open < 0) break;
      let depth = 0,
        index = 0,
        i = open + 1,
        inString = false;
      for (; i < text.length; i++) {
        const c = text[i];
        if (inString) {
          if (c === "\\") i++;
          else if (c === '"') inString = false;
          continue;
        }
        if (c === '"') inString = true;
        else if (c === "[" || c === "{") depth++;
        else if (c === "]" || c === "}") {
          if (depth === 0) break;
          depth--;
        } else if (c === "," && depth === 0) index++;
        if (index === Number(key) && !/[\s,]/.test(c)) break;
      }
      pos = i;
    } else {
      const at = text.indexOf(JSON.stringify(key), pos);
      if (at < 0) break;
      pos = at;
    }
  }
  return text.slice(0, pos).split("\n").length;
}

type SchemaNode = {
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  additionalProperties?: SchemaNode | boolean;
  $ref?: string;
};

const schemaRoot = schema as unknown as SchemaNode & { definitions?: Record<string, SchemaNode> };
const deref = (n: SchemaNode | undefined) =>
  n?.$ref ? schemaRoot.definitions?.[n.$ref.replace("#/definitions/", "")] : n;

/** The schema of the setting at a JSON pointer of the config, or undefined. */
function schemaAt(pointer: string): (SchemaNode & { description?: string }) | undefined {
  let node: SchemaNode | undefined = schemaRoot;
  for (const seg of pointer.split("/").filter(Boolean)) {
    node = deref(node);
    if (!node) return undefined;
    node = /^\d+$/.test(seg)
      ? node.items
      : (node.properties?.[seg] ??
        (typeof node.additionalProperties === "object" ? node.additionalProperties : undefined));
  }
  return deref(node);
}

/** The settings the schema knows at a JSON pointer of the config (for "did you mean"). */
const knownSettings = (pointer: string): string[] => Object.keys(schemaAt(pointer)?.properties ?? {});

/** What a setting with a pattern must look like, in words (a regular expression says nothing to most readers). */
const PATTERN_WORDS: Record<string, string> = {
  "/baseUrl": 'must start and end with "/" (e.g. "/" or "/docs/")',
  "/url":
    "must be the site's origin: http:// or https:// and the host, without a path or a trailing slash " +
    "(e.g. https://example.com)",
};

/** Where an error is: an unknown setting is at its own key, any other error at the value it is about. */
const pointerOf = (e: ErrorObject) =>
  e.keyword === "additionalProperties"
    ? `${e.instancePath}/${(e.params as { additionalProperty: string }).additionalProperty.replace(/~/g, "~0").replace(/\//g, "~1")}`
    : e.instancePath;

function describe(e: ErrorObject): string {
  const where = e.instancePath || "(root)";
  switch (e.keyword) {
    case "additionalProperties": {
      const name = (e.params as { additionalProperty: string }).additionalProperty;
      return `${where}: unknown setting "${name}"${suggestion(name, knownSettings(e.instancePath))}`;
    }
    case "required":
      return `${where}: missing required setting "${(e.params as { missingProperty: string }).missingProperty}"`;
    case "enum":
      return `${where}: must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(", ")}`;
    case "pattern": {
      const words = PATTERN_WORDS[e.instancePath];
      const description = schemaAt(e.instancePath)?.description;
      return `${where}: ${words ?? `is not in the form this setting takes${description ? ` (${description})` : ""}`}`;
    }
    default:
      return `${where}: ${e.message}`;
  }
}

export function parseConfig(text: string, file: string): SiteConfig {
  const raw = parseJsonText<Record<string, any>>(
    text,
    file,
    "fix the JSON syntax (trailing commas and comments are not allowed)",
  );
  if (!validate(raw)) {
    // Report the most specific errors: drop the oneOf/anyOf umbrella messages when a detailed one exists.
    const errors = (validate.errors ?? []).filter((e) => e.keyword !== "oneOf" && e.keyword !== "if");
    const first = errors[0] ?? validate.errors![0];
    const more =
      errors.length > 1
        ? `\n${errors
            .slice(1, 6)
            .map((e) => `  also line ${lineOfPointer(text, pointerOf(e))}: ${describe(e)}`)
            .join("\n")}`
        : "";
    throw new DocsiteError(
      `invalid setting ${describe(first)}${more}`,
      { file, line: lineOfPointer(text, pointerOf(first)) },
      `see ${relative(process.cwd(), fromRoot("cli", "config", "site-config.schema.json"))} for every allowed setting`,
    );
  }
  const cfg = withDefaults(raw);
  checkSemantics(cfg, text, file);
  return cfg;
}

function withDefaults(raw: Record<string, any>): SiteConfig {
  const locales: string[] = raw.i18n.locales;
  const localeConfigs: SiteConfig["i18n"]["localeConfigs"] = {};
  for (const l of locales) {
    const c = raw.i18n.localeConfigs[l] ?? {};
    localeConfigs[l] = {
      label: c.label ?? l,
      direction: c.direction ?? "ltr",
      htmlLang: c.htmlLang ?? l,
      calendar: c.calendar ?? "gregory",
    };
  }
  return {
    tagline: "",
    favicon: "",
    trailingSlash: true,
    announcementBar: null,
    analytics: null,
    webFont: null,
    onBrokenLinks: "throw",
    onBrokenAnchors: "warn",
    onDuplicateRoutes: "warn",
    onMissingTranslations: "warn",
    customCss: [],
    ...raw,
    i18n: { ...raw.i18n, localeConfigs },
    docs: {
      routeBasePath: raw.docs.routeBasePath ?? "docs",
      pluginId: raw.docs.pluginId ?? "default",
      breadcrumbs: raw.docs.breadcrumbs ?? false,
      versions: raw.docs.versions.map((v: any) => ({ status: "current", isLast: false, ...v })),
    },
    blog: {
      routeBasePath: "blog",
      postsPerPage: 10,
      feed: true,
      wordsPerMinute: 200,
      tagPages: false,
      excerpts: "description",
      sidebarCount: 0,
      ...(raw.blog === false ? {} : raw.blog),
      enabled: raw.blog !== false,
    },
    navbar: { hideOnScroll: true, ...raw.navbar, logo: { width: 28, height: 28, ...raw.navbar.logo } },
    footer: { icons: [], copyright: "footer.copyright", ...raw.footer },
    colorMode: { defaultMode: "light", disableSwitch: false, respectPrefersColorScheme: false, ...raw.colorMode },
    search: {
      provider: raw.search?.algolia && raw.search?.provider !== "local" ? "algolia" : "local",
      ...raw.search,
      algolia: raw.search?.algolia ? { contextualSearch: true, ...raw.search.algolia } : undefined,
    },
    rootDir: "",
  } as unknown as SiteConfig;
}

function checkSemantics(cfg: SiteConfig, text: string, file: string): void {
  const fail = (msg: string, pointer: string, hint?: string) => {
    throw new DocsiteError(msg, { file, line: lineOfPointer(text, pointer) }, hint);
  };
  // baseUrl starts every href and every path the server compares: written as a URL carries it.
  if (cfg.baseUrl.split("/").some(isDotSegment))
    fail(
      `baseUrl "${cfg.baseUrl}" has a "." or ".." segment`,
      "/baseUrl",
      "write the path the site is served under, e.g. /docs/",
    );
  if (/[\s?#\\]/.test(cfg.baseUrl))
    fail(
      `baseUrl "${cfg.baseUrl}" contains a space, "?", "#" or "\\"`,
      "/baseUrl",
      `write it as a URL path, percent-encoded: "${cfg.baseUrl.replace(/[\s?#\\]/g, (c) => encodeURIComponent(c))}"`,
    );
  // Docusaurus requires a title; a blank one would leave every page's <title> and the navbar's brand empty.
  if (!cfg.title.trim()) fail("title is blank", "/title", 'write the site\'s name, e.g. "title": "My Project"');
  if (!cfg.i18n.locales.includes(cfg.i18n.defaultLocale))
    fail(
      `i18n.defaultLocale "${cfg.i18n.defaultLocale}" is not in i18n.locales`,
      "/i18n/defaultLocale",
      `add it to i18n.locales (${cfg.i18n.locales.join(", ")})`,
    );
  // One last version per docs instance.
  for (const id of new Set(cfg.docs.versions.map((v) => v.pluginId ?? cfg.docs.pluginId))) {
    const last = cfg.docs.versions.filter((v) => (v.pluginId ?? cfg.docs.pluginId) === id && v.isLast);
    if (last.length !== 1)
      fail(
        `exactly one docs version${id === cfg.docs.pluginId ? "" : ` of docs instance "${id}"`} must have "isLast": true (found ${last.length})`,
        "/docs/versions",
        "mark the latest version with isLast",
      );
  }
  cfg.navbar.items.forEach((item: NavbarItem, i) => {
    if (!(NAVBAR_ITEM_TYPES as readonly string[]).includes(item.type))
      fail(
        `unknown navbar item type "${item.type}"`,
        `/navbar/items/${i}/type`,
        `use one of: ${NAVBAR_ITEM_TYPES.join(", ")}`,
      );
    if (item.type === "docSidebar" && !item.sidebarId)
      fail(`navbar item ${i} of type docSidebar has no sidebarId`, `/navbar/items/${i}`);
    if (item.type === "link" && !item.to && !item.href)
      fail(`navbar link ${i} needs "to" (site path) or "href" (external URL)`, `/navbar/items/${i}`);
    if (item.type === "link" && !item.label && !item.ariaLabel)
      fail(`navbar link ${i} needs a "label" (an i18n key) or an "ariaLabel"`, `/navbar/items/${i}`);
    if (item.type === "dropdown" && (!item.label || !Array.isArray(item.items)))
      fail(`navbar dropdown ${i} needs a "label" (an i18n key) and "items" (links)`, `/navbar/items/${i}`);
  });
  if (cfg.search.provider === "algolia" && !cfg.search.algolia)
    fail(
      `search.provider is "algolia" but search.algolia is missing`,
      "/search",
      "add appId, apiKey and indexName under search.algolia",
    );
}

/**
 * The config's files under static/ that are missing (favicon, navbar logo): each a message naming the setting, the
 * file and what to do. Every page links them, so they are broken links (the build reports them by onBrokenLinks).
 */
export function missingStaticFiles(cfg: SiteConfig): Array<{ message: string; hint: string }> {
  const settings: Array<[string, string | undefined]> = [
    ["favicon", cfg.favicon],
    ["navbar.logo.src", cfg.navbar.logo?.src],
    ["navbar.logo.srcDark", cfg.navbar.logo?.srcDark],
  ];
  const out: Array<{ message: string; hint: string }> = [];
  // A static/ that is no folder is an error of its own (the build names it when it reads static/).
  const staticDir = join(cfg.rootDir, "static");
  if (existsSync(staticDir) && !statSync(staticDir).isDirectory()) return out;
  for (const [setting, value] of settings) {
    // A full or data: URL, or none: nothing of the site's to check.
    if (!value || /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(value)) continue;
    const path = value.replace(/^\//, "").split(/[?#]/)[0];
    let name = path;
    try {
      name = decodeURIComponent(path);
    } catch {
      // kept as written
    }
    const abs = join(staticDir, name);
    const there = existsSync(abs) && statSync(abs).isFile();
    if (!there)
      out.push({
        message: `${setting} "${value}" names static/${name}, which is not a file: every page would link it`,
        hint: `add static/${name}, or fix ${setting} (a path under static/, or a full URL)`,
      });
  }
  return out;
}

export function loadConfig(rootDir: string, fileName = "site.config.json"): SiteConfig {
  const file = resolve(rootDir, fileName);
  if (!existsSync(file))
    throw new DocsiteError(`no ${fileName} found`, { file }, "run docsite in the site's folder or pass --root");
  const shown = relative(process.cwd(), file) || fileName;
  const cfg = parseConfig(readUserFile(file, shown, `${fileName} holds the site's settings (JSON)`), shown);
  cfg.rootDir = resolve(rootDir);
  return cfg;
}
