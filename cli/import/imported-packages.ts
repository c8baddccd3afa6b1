// The npm packages the new project's code imports: from the files the build compiles (content, the pages, the
// global MDX components, the carried remark/rehype plugin modules), every import specifier is read; a project file
// it names (`./x`, `../x`, `@site/x`) is read in turn, a package name is collected. What nothing reaches (stories,
// tests, swizzled components docsite does not use, the site's build tooling) brings no package into the new project.
// A scan of specifiers, not a bundle: it works whether or not the Docusaurus project has its packages installed.
import { existsSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { basename, dirname, join } from "node:path";
import { isInside } from "./copy-tree.ts";

const SPECIFIERS = [
  /\bfrom\s+["']([^"']+)["']/g,
  /^\s*import\s+["']([^"']+)["']/gm,
  /\b(?:require|import)\(\s*["']([^"']+)["']\s*\)/g,
  /^\s*export\s+\*\s+from\s+["']([^"']+)["']/gm,
];
/** In Markdown, only ES statements at the start of a line import (prose may say `from "x"`), and require() calls. */
const MDX_SPECIFIERS = [
  /^(?:import|export)\s[^;]*?\bfrom\s+["']([^"']+)["']/gm,
  /^import\s+["']([^"']+)["']/gm,
  /\brequire\(\s*["']([^"']+)["']\s*\)/g,
];
const SCRIPT = /\.(m?[jt]sx?|cjs|mdx?)$/i;
const STYLE = /\.(css|scss|sass)$/i;
/** Stylesheet imports: Sass' `@use`/`@forward`/`@import` and CSS `@import` (a `~` marks a package, webpack's way). */
const STYLE_SPECIFIERS = [/@(?:import|use|forward)\s+(?:url\()?["']([^"']+)["']/g];
const EXTENSIONS = [
  "",
  ".ts",
  ".tsx",
  ".js",
  ".jsx",
  ".mjs",
  ".cjs",
  ".mts",
  ".cts",
  ".md",
  ".mdx",
  ".json",
  ".scss",
  ".sass",
  ".css",
];
const BUILTIN = new Set(builtinModules);

/** The package a bare specifier names (`lodash/get` → `lodash`, `@scope/x/y` → `@scope/x`), or undefined. */
export function packageOf(spec: string): string | undefined {
  if (spec.startsWith(".") || spec.startsWith("/") || spec.startsWith("node:")) return undefined;
  // Docusaurus' aliases: the site, the theme (docsite's own), generated data.
  if (/^@(site|theme|theme-original|theme-init|generated|docusaurus)\//.test(spec) || spec === "@site")
    return undefined;
  const name = spec
    .split("/")
    .slice(0, spec.startsWith("@") ? 2 : 1)
    .join("/");
  if (BUILTIN.has(name) || !/^(@[\w.-]+\/)?[\w.-]+$/.test(name)) return undefined;
  return name;
}

/** Markdown without its code (fenced blocks and inline code): an `import` shown in an example is no import. */
function withoutCode(text: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of text.split("\n")) {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length && /^\s*[`~]+\s*$/.test(line)) fence = null;
      continue;
    }
    if (m) {
      fence = m[1];
      continue;
    }
    out.push(line.replace(/`[^`\n]*`/g, ""));
  }
  return out.join("\n");
}

/** The file a project specifier names (extensions and index files tried), or undefined. */
function fileOf(abs: string): string | undefined {
  for (const ext of EXTENSIONS) {
    const f = abs + ext;
    if (existsSync(f) && statSync(f).isFile()) return f;
  }
  for (const ext of EXTENSIONS.slice(1)) if (existsSync(join(abs, `index${ext}`))) return join(abs, `index${ext}`);
  return undefined;
}

/**
 * Package names that `entries` (absolute files) import, following the project's own files they import (inside
 * `boundary`, outside node_modules). Returns the names and, per name, one file that imports it (for the report).
 */
export function importedPackages(
  site: string,
  boundary: string,
  entries: string[],
  /** Whether a bare name in a stylesheet is a package (Sass tries the stylesheet's folder first). */
  isPackage: (name: string) => boolean = () => true,
): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const queue = entries.filter((f) => existsSync(f));
  const follow = (abs: string) => {
    const target = fileOf(abs);
    if (target && isInside(target, boundary) && !target.split("/").includes("node_modules")) queue.push(target);
    return target;
  };
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const style = STYLE.test(file);
    if (!style && !SCRIPT.test(file)) continue;
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    if (/\.mdx?$/i.test(file)) text = withoutCode(text);
    // A type-only import is gone once compiled: it needs no package.
    else text = text.replace(/^\s*(import|export)\s+type\s[^;]*?from\s+["'][^"']+["']/gm, "");
    const patterns = style ? STYLE_SPECIFIERS : /\.mdx?$/i.test(file) ? MDX_SPECIFIERS : SPECIFIERS;
    for (const re of patterns)
      for (const m of text.matchAll(re)) {
        const spec = m[1].replace(/[?#].*$/, "");
        if (style) {
          if (/^(sass:|https?:|data:|\/\/)/.test(spec)) continue;
          if (spec.startsWith("~")) {
            const pkg = packageOf(spec.slice(1));
            if (pkg && !found.has(pkg)) found.set(pkg, file);
            continue;
          }
          const local = spec.startsWith("@site/") ? join(site, spec.slice(6)) : join(dirname(file), spec);
          const partial = join(dirname(local), `_${basename(local)}`);
          if (follow(local) ?? follow(partial)) continue;
          const pkg = packageOf(spec);
          if (pkg && isPackage(pkg) && !found.has(pkg)) found.set(pkg, file);
          continue;
        }
        const pkg = packageOf(spec);
        if (pkg) {
          if (!found.has(pkg)) found.set(pkg, file);
          continue;
        }
        if (spec.startsWith("@site/")) follow(join(site, spec.slice("@site/".length)));
        else if (spec.startsWith(".")) follow(join(dirname(file), spec));
      }
  }
  return found;
}
