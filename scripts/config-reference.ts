// docs/config.md, made from the config schema (cli/config/site-config.schema.json): every setting with its type,
// default, example and description, in the schema's order. The schema is the one source: editors show the same
// descriptions, and tests/unit/config-reference.test.ts fails when a setting has none or when docs/config.md is not
// what this script makes. `npx tsx scripts/config-reference.ts` writes it again.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface SchemaNode {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  default?: unknown;
  examples?: unknown[];
  pattern?: string;
  minimum?: number;
  minLength?: number;
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  required?: string[];
  definitions?: Record<string, SchemaNode>;
}

export interface Setting {
  /** Dotted path: `navbar.items[].label`, `i18n.localeConfigs.<locale>.label`. */
  path: string;
  node: SchemaNode;
  required: boolean;
}

const REF = "#/definitions/";

/** The node a `$ref` names, with the referring node's own annotations over it. */
export function resolveRef(schema: SchemaNode, node: SchemaNode): SchemaNode {
  if (!node.$ref?.startsWith(REF)) return node;
  const target = schema.definitions?.[node.$ref.slice(REF.length)];
  if (!target) throw new Error(`the schema has no ${node.$ref}`);
  const { $ref: _, ...own } = node;
  return { ...resolveRef(schema, target), ...own };
}

/** Every setting of the schema, depth first in the schema's order (array items as `[]`, map values as `<key>`). */
export function settingsOf(schema: SchemaNode): Setting[] {
  const out: Setting[] = [];
  const walk = (raw: SchemaNode, prefix: string) => {
    const node = resolveRef(schema, raw);
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      const path = prefix ? `${prefix}.${key}` : key;
      out.push({ path, node: resolveRef(schema, child), required: Boolean(node.required?.includes(key)) });
      descend(child, path);
    }
  };
  const descend = (raw: SchemaNode, path: string) => {
    const node = resolveRef(schema, raw);
    if (node.properties) walk(node, path);
    if (node.items) descend(node.items, `${path}[]`);
    if (typeof node.additionalProperties === "object") descend(node.additionalProperties, `${path}.<${keyName(path)}>`);
  };
  walk(schema, "");
  return out;
}

/** What the keys of a map setting are, for its path. */
const keyName = (path: string) =>
  /localeConfigs|translations/.test(path) ? "locale" : /mdxPlugins/.test(path) ? "kind" : "name";

const json = (v: unknown) => JSON.stringify(v);
const code = (s: string) => `\`${s.replaceAll("`", "'")}\``;
const cell = (s: string) => s.replaceAll("|", "\\|").replaceAll("\n", " ");

/** A setting's type as a reader writes it: `string`, `boolean`, `"light" \| "dark"`, `object`, `array of string`… */
export function typeOf(schema: SchemaNode, raw: SchemaNode): string {
  const node = resolveRef(schema, raw);
  if (node.enum) return node.enum.map((v) => json(v)).join(" | ");
  if (node.oneOf) return [...new Set(node.oneOf.map((n) => typeOf(schema, n)))].join(" or ");
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  if (!types.length) return node.properties ? "object" : "any";
  return types
    .map((t) => (t === "array" && node.items ? `array of ${typeOf(schema, node.items)}` : t))
    .map((t) => (t === "object" && typeof node.additionalProperties === "object" ? "object (map)" : t))
    .join(" or ");
}

/** Constraints worth knowing when writing a value. */
function rules(node: SchemaNode): string {
  const out: string[] = [];
  if (node.pattern) out.push(`matches ${code(node.pattern)}`);
  if (node.minimum !== undefined) out.push(`at least ${node.minimum}`);
  if (node.minLength) out.push("not empty");
  return out.join("; ");
}

export function configReference(schema: SchemaNode): string {
  const settings = settingsOf(schema);
  const lines = [
    "# Configuration reference (`site.config.json`)",
    "",
    "<!-- Made by `npx tsx scripts/config-reference.ts` from cli/config/site-config.schema.json: edit the schema's",
    "descriptions, not this file (tests/unit/config-reference.test.ts holds them equal). -->",
    "",
    "Every setting of `site.config.json`, in the schema's order. Editors that read the file's `$schema` show the same",
    "descriptions and check the values as you type; `docsite build` checks them too and names the line of a wrong one.",
    "Paths: `a.b` is setting `b` inside object `a`; `a[]` an item of list `a`; `a.<locale>` a key of map `a`.",
    "Labels of the navbar, footer and sidebars are keys of `i18n/<locale>.json`, so each locale gets its own words.",
    "",
  ];
  for (const top of settings.filter((s) => !s.path.includes(".") && !s.path.includes("["))) {
    const group = settings.filter(
      (s) => s === top || s.path.startsWith(`${top.path}.`) || s.path.startsWith(`${top.path}[]`),
    );
    lines.push(`## \`${top.path}\`${top.required ? " (required)" : ""}`, "");
    if (top.node.description && group.length > 1) lines.push(top.node.description, "");
    lines.push("| setting | type | default | description |", "|---|---|---|---|");
    for (const s of group) {
      const desc = [s.node.description ?? "", rules(s.node)].filter(Boolean).join(" — ");
      const def = s.node.default === undefined ? (s.required ? "required" : "") : code(json(s.node.default));
      lines.push(`| ${code(s.path)} | ${cell(typeOf(schema, s.node))} | ${cell(def)} | ${cell(desc)} |`);
    }
    const examples = group.filter((s) => s.node.examples?.length);
    if (examples.length) {
      lines.push("", "Examples:", "", "```jsonc");
      for (const s of examples) lines.push(`// ${s.path}`, json(s.node.examples![0]));
      lines.push("```");
    }
    lines.push("");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

const REPO = join(import.meta.dirname, "..");
export const SCHEMA_FILE = join(REPO, "cli", "config", "site-config.schema.json");
export const REFERENCE_FILE = join(REPO, "docs", "config.md");

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "\0")) {
  writeFileSync(REFERENCE_FILE, configReference(JSON.parse(readFileSync(SCHEMA_FILE, "utf8")) as SchemaNode));
  console.log(`wrote ${REFERENCE_FILE}`);
}
