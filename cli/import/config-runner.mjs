// @ts-check
// Child process of `docsite import` (cli/import/load-module.ts): evaluates one Docusaurus config or sidebars file
// the way Docusaurus does (it loads them with jiti): in the site's folder as working directory, TypeScript and ES
// modules turned into CommonJS on the fly (the file itself, its local modules and ES-only packages), installed
// packages loaded for real from the site's node_modules, and an exported function called and awaited. A package
// that is not installed is replaced by an inert stand-in and named. The result goes back over the IPC channel as
// JSON, with functions, stand-ins, regular expressions and cycles as `$`-tagged descriptors; a function keeps the
// module and export it came from, so a remark plugin can be loaded again later. Plain JavaScript: it runs in a
// fresh Node process, before and without anything that loads TypeScript. A separate process because a config is
// arbitrary code: it may loop, wait forever, call process.exit or change globals, and none of that may reach the CLI.
import { readFileSync, existsSync } from "node:fs";
import Module from "node:module";
import { dirname, isAbsolute, join, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { transformSync } from "esbuild";
import { Parser } from "acorn";

/** @typedef {{ module: string, export: string, file?: string }} Origin */

const request = JSON.parse(process.argv[2] ?? "{}");
/** @type {string} */
const file = request.file;
/** @type {boolean} */
const call = Boolean(request.call);
process.setSourceMapsEnabled(true);

const send = (/** @type {unknown} */ message) =>
  new Promise((resolve) => {
    if (!process.send) return resolve(undefined);
    process.send(message, () => resolve(undefined));
  });

// ---- stand-ins for packages that are not installed -------------------------------------------------------------
const STUB = Symbol("docsite.stub");
/** @type {Set<string>} */
const stubbed = new Set();
/** Packages stood in for that the site's own files asked for (their values may be in the config). */
/** @type {Set<string>} */
const stubbedBySite = new Set();
const siteDir = dirname(file);

/**
 * A value that accepts any use (call, `new`, any property, conversion to a string) and stays inert. Properties
 * not found on an object made from it (esbuild's `__toESM` copies a module into a new object whose prototype is
 * the module's) are looked up through its prototype, which stands in too: `import { x } from "missing"` gives a
 * stand-in for `missing.x`, and `import y from "missing"` the stand-in itself (it does not claim to be an ES module).
 * @param {string} name
 * @returns {any}
 */
function stub(name) {
  const target = /** @type {any} */ (() => {});
  return new Proxy(target, {
    get(_t, key) {
      if (key === STUB) return name;
      if (key === Symbol.toPrimitive) return () => "";
      if (key === "then" || key === "__esModule") return undefined;
      if (key === "toString" || key === "valueOf" || key === "toJSON") return () => "";
      if (typeof key === "symbol") return undefined;
      return stub(`${name}.${key}`);
    },
    getPrototypeOf: () => stubMembers(name),
    apply: () => stub(`${name}()`),
    construct: () => stub(`new ${name}`),
  });
}

/** @param {string} name */
const stubMembers = (name) =>
  new Proxy({}, { get: (_t, key) => (typeof key === "symbol" || key === "then" ? undefined : stub(`${name}.${key}`)) });
const stubName = (/** @type {unknown} */ v) => (typeof v === "function" ? /** @type {any} */ (v)[STUB] : undefined);

const isBare = (/** @type {string} */ r) => !r.startsWith(".") && !isAbsolute(r) && !r.startsWith("node:");
const packageName = (/** @type {string} */ r) =>
  r
    .split("/")
    .slice(0, r.startsWith("@") ? 2 : 1)
    .join("/");
const inNodeModules = (/** @type {string | undefined} */ f) => Boolean(f?.split(sep).includes("node_modules"));

// ---- loading: TypeScript and ES modules as CommonJS ------------------------------------------------------------
/** @type {Map<string, string>} */
const typeOfDir = new Map();
/** `"type"` of the package.json nearest to `file` (remembered per folder: a package has many files). */
function packageType(/** @type {string} */ f) {
  const seen = [];
  let type = "commonjs";
  for (let d = dirname(f); ; d = dirname(d)) {
    const known = typeOfDir.get(d);
    if (known !== undefined) {
      type = known;
      break;
    }
    seen.push(d);
    const p = join(d, "package.json");
    if (existsSync(p)) {
      try {
        type = JSON.parse(readFileSync(p, "utf8")).type ?? "commonjs";
      } catch {
        type = "commonjs";
      }
      break;
    }
    if (dirname(d) === d) break;
  }
  for (const d of seen) typeOfDir.set(d, type);
  return type;
}

const ESM_SYNTAX = /^\s*(import\s*[\w{*'"]|export\s+|export\s*\{)/m;

/** @param {string} filename @param {"ts" | "tsx" | "js" | "jsx"} loader @param {"cjs" | "esm"} format */
const transformOptions = (filename, loader, format) =>
  /** @type {import("esbuild").TransformOptions} */ ({
    loader,
    format,
    platform: "node",
    target: "node20",
    sourcemap: "inline",
    sourcefile: filename,
    // import() of a TypeScript file would go to Node's ES loader, which cannot read it: make it a require.
    supported: { "dynamic-import": false },
    define: {
      "import.meta.url": JSON.stringify(pathToFileURL(filename).href),
      "import.meta.dirname": JSON.stringify(dirname(filename)),
      "import.meta.filename": JSON.stringify(filename),
    },
    logLevel: "silent",
  });

/** @param {string} source @param {string} filename @param {"ts" | "tsx" | "js" | "jsx"} loader */
function toCommonJs(source, filename, loader) {
  let code;
  try {
    code = transformSync(source, transformOptions(filename, loader, "cjs")).code;
  } catch (err) {
    // Top-level await (jiti runs it; CommonJS has none): the module's body becomes an async function.
    if (!/top-level await/i.test(String(/** @type {any} */ (err)?.message))) throw err;
    const esm = transformSync(source, { ...transformOptions(filename, loader, "esm"), sourcemap: false }).code;
    code = transformSync(awaitedBody(esm), { ...transformOptions(filename, "js", "cjs"), sourcemap: false }).code;
  }
  // In a block: a module may declare its own `__dirname`/`__filename` (`const __dirname = path.dirname(
  // fileURLToPath(import.meta.url))`), which the CommonJS wrapper's parameters would otherwise clash with, and Node
  // would then retry the file as an ES module ("module is not defined in ES module scope"). `{` shares the first
  // line, so the source map's lines stay right.
  return `{${code.replace(NODE_MODE_INTEROP, "__toESM($1)")}\n}`;
}

/**
 * An ES module with top-level await as one without: its imports stay at the top, the rest of its body runs in an
 * async function, and its default export is that function's promise of the module's exports (the runner awaits it:
 * AWAITED marks it). Only the config or sidebars file itself is read so; jiti gives the same values.
 * @param {string} esm
 */
function awaitedBody(esm) {
  const ast = /** @type {any} */ (Parser.parse(esm, { ecmaVersion: "latest", sourceType: "module" }));
  /** @type {string[]} */
  const head = [];
  /** @type {string[]} */
  const body = [];
  /** @type {string[]} */
  const exported = [];
  const text = (/** @type {any} */ n) => esm.slice(n.start, n.end);
  /** @param {any} p @param {string[]} out */
  const names = (p, out) => {
    if (!p) return out;
    if (p.type === "Identifier") out.push(p.name);
    else if (p.type === "ObjectPattern")
      for (const q of p.properties) names(q.type === "RestElement" ? q.argument : q.value, out);
    else if (p.type === "ArrayPattern") for (const q of p.elements) names(q, out);
    else if (p.type === "RestElement") names(p.argument, out);
    else if (p.type === "AssignmentPattern") names(p.left, out);
    return out;
  };
  for (const node of ast.body) {
    if (node.type === "ImportDeclaration" || node.source) head.push(text(node));
    else if (node.type === "ExportDefaultDeclaration") {
      const d = node.declaration;
      if (d.id) {
        body.push(text(d));
        exported.push(`default: ${d.id.name}`);
      } else {
        body.push(`const __docsite_default = ${text(d)};`);
        exported.push("default: __docsite_default");
      }
    } else if (node.type === "ExportNamedDeclaration" && node.declaration) {
      body.push(text(node.declaration));
      const d = node.declaration;
      const declared =
        d.type === "VariableDeclaration"
          ? d.declarations.flatMap((/** @type {any} */ x) => names(x.id, []))
          : [d.id.name];
      exported.push(...declared);
    } else if (node.type === "ExportNamedDeclaration")
      for (const s of node.specifiers)
        exported.push(`${JSON.stringify(s.exported.name ?? s.exported.value)}: ${s.local.name}`);
    else body.push(text(node));
  }
  return `${head.join("\n")}\nexport default { ${AWAITED}: (async () => {\n${body.join("\n")}\nreturn { ${exported.join(", ")} };\n})() };\n`;
}

/** Marks the promise of a module whose body had top-level await (awaitedBody). */
const AWAITED = "__docsiteAwaited";

// esbuild gives an .mjs/.mts file Node's interop (a CommonJS module's `default` is always its whole exports), where
// jiti, so Docusaurus, takes an ES module's transpiled `default` export: `import gfm from "remark-gfm"` is the
// plugin function in a docusaurus.config.mjs.
const NODE_MODE_INTEROP = /__toESM\((require\("[^"]*"\)), 1\)/g;

const extensions = /** @type {Record<string, (m: any, f: string) => void>} */ (/** @type {any} */ (Module)._extensions);
const plainJs = extensions[".js"];
/** @param {"ts" | "tsx" | "js" | "jsx"} loader */
const compileAs = (loader) => (/** @type {any} */ m, /** @type {string} */ f) =>
  m._compile(toCommonJs(readFileSync(f, "utf8"), f, loader), f);
for (const ext of [".ts", ".mts", ".cts"]) extensions[ext] = compileAs("ts");
extensions[".tsx"] = compileAs("tsx");
extensions[".jsx"] = compileAs("jsx");
extensions[".mjs"] = compileAs("js");
extensions[".js"] = (m, f) => {
  // A CommonJS file loads as Node loads it; an ES module (by its package's type, or its syntax outside
  // node_modules, which jiti accepts too) is turned into CommonJS first.
  if (packageType(f) === "module") return compileAs("js")(m, f);
  if (!inNodeModules(f)) {
    const source = readFileSync(f, "utf8");
    if (ESM_SYNTAX.test(source)) return m._compile(toCommonJs(source, f, "js"), f);
  }
  return plainJs(m, f);
};

// Where every loaded value came from: functions in the result carry it, so a plugin can be loaded again later.
/** @type {WeakMap<object, Origin>} */
const origins = new WeakMap();
/**
 * @param {unknown} exports
 * @param {string} from
 * @param {boolean} direct the site's own file asked for it by package name: that name is where it comes from,
 * even when the package's inner module (loaded first) already tagged the same values.
 * @param {string | undefined} file the file it resolved to (a workspace package's lies outside node_modules)
 */
function tag(exports, from, direct, file) {
  if (!exports || (typeof exports !== "object" && typeof exports !== "function")) return;
  if (direct || !origins.has(exports)) origins.set(exports, { module: from, export: "*", file });
  for (const key of Object.keys(exports)) {
    let v;
    try {
      v = /** @type {any} */ (exports)[key];
    } catch {
      continue;
    }
    if (v && (typeof v === "function" || typeof v === "object") && (direct || !origins.has(v)))
      origins.set(v, { module: from, export: key, file });
  }
}

const M = /** @type {any} */ (Module);
const originalLoad = M._load;
const originalResolve = M._resolveFilename;
/** Path given for `require.resolve` of a package that is not installed: a string, as the config expects one. */
const STUB_PATH = join(dirname(file), "node_modules", ".docsite-not-installed");
M._resolveFilename = function (/** @type {string} */ req, /** @type {any} */ parent, /** @type {any[]} */ ...rest) {
  try {
    return originalResolve.call(this, req, parent, ...rest);
  } catch (err) {
    if (/** @type {any} */ (err).code === "MODULE_NOT_FOUND" && isBare(req) && !inNodeModules(parent?.filename)) {
      // Named; a blocker only once loaded (M._load): `require.resolve` of it gives a path, which names the package
      // (cli/import/plugin-names.ts) as well as the real one would.
      stubbed.add(packageName(req));
      return join(STUB_PATH, req);
    }
    throw err;
  }
};
M._load = function (/** @type {string} */ req, /** @type {any} */ parent, /** @type {boolean} */ isMain) {
  const resolved = (() => {
    try {
      return M._resolveFilename(req, parent, isMain);
    } catch {
      return undefined;
    }
  })();
  if (resolved?.startsWith(STUB_PATH + sep)) {
    const from = parent?.filename;
    if (!from || from.startsWith(siteDir + sep)) stubbedBySite.add(packageName(req));
    return stub(req);
  }
  const value = originalLoad.call(this, req, parent, isMain);
  const direct = isBare(req) && !inNodeModules(parent?.filename);
  tag(value, isBare(req) ? req : (resolved ?? req), direct, resolved);
  return value;
};

// ---- the result as JSON ----------------------------------------------------------------------------------------
const MAX_DEPTH = 200;
/** The longest function source sent back (a function's text is for carrying small ones over). */
const MAX_SOURCE = 100_000;
/**
 * @param {unknown} v
 * @param {string} path
 * @param {unknown[]} parents
 * @param {string[]} paths
 * @returns {unknown}
 */
function serialise(v, path, parents, paths) {
  if (v === null || typeof v === "string" || typeof v === "boolean") return v;
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "bigint") return String(v);
  if (v === undefined || typeof v === "symbol") return undefined;
  const s = stubName(v);
  if (s !== undefined) return { $stub: s };
  if (typeof v === "function") {
    const o = origins.get(v);
    // Its source too (when not too long): a function that runs alone, such as a createRedirects, can be carried over.
    let source = "";
    try {
      source = Function.prototype.toString.call(v);
    } catch {
      // a proxy or a host function: no source
    }
    return {
      $fn: v.name || "",
      ...(o ? { $module: o.module, $export: o.export, ...(o.file ? { $file: o.file } : {}) } : {}),
      ...(source && source.length <= MAX_SOURCE ? { $source: source } : {}),
    };
  }
  if (v instanceof RegExp) return { $regexp: v.source, flags: v.flags };
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (v instanceof URL) return v.href;
  const at = parents.indexOf(v);
  if (at >= 0) return { $cycle: paths[at] || "(root)" };
  if (parents.length >= MAX_DEPTH) return { $deep: path };
  parents.push(v);
  paths.push(path);
  try {
    if (Array.isArray(v) || v instanceof Set)
      return [...v].map((x, i) => serialise(x, `${path}[${i}]`, parents, paths) ?? null);
    /** @type {Record<string, unknown>} */
    const out = {};
    const entries = v instanceof Map ? [...v].map(([k, x]) => [String(k), x]) : Object.entries(v);
    for (const [k, x] of entries) {
      const e = serialise(x, path ? `${path}.${k}` : k, parents, paths);
      if (e !== undefined) out[k] = e;
    }
    const o = origins.get(v);
    if (o && Object.keys(out).length === 0 && o.module) return { $object: o.module, $export: o.export };
    return out;
  } finally {
    parents.pop();
    paths.pop();
  }
}

// ---- run -------------------------------------------------------------------------------------------------------
let settled = false;
// The event loop emptied while the config's promise was pending: nothing can settle it any more.
process.on("beforeExit", async () => {
  if (settled) return;
  settled = true;
  await send({ kind: "unsettled" });
  process.exit(3);
});

/** @param {unknown} err */
function describe(err) {
  const e = /** @type {any} */ (err);
  const esbuildError = e?.errors?.[0];
  if (esbuildError?.location)
    return {
      message: esbuildError.text,
      file: esbuildError.location.file,
      line: esbuildError.location.line,
      column: esbuildError.location.column + 1,
    };
  return { message: e instanceof Error ? e.message : String(e), stack: e instanceof Error ? e.stack : undefined };
}

try {
  const req = Module.createRequire(file);
  let value = file.endsWith(".json") ? JSON.parse(readFileSync(file, "utf8")) : req(file);
  const unwrap = (/** @type {any} */ v) =>
    v && (typeof v === "object" || typeof v === "function") && "default" in v ? v.default : v;
  value = unwrap(value);
  if (value && typeof value === "object" && AWAITED in value) value = unwrap(await value[AWAITED]);
  if (call && typeof value === "function" && stubName(value) === undefined) value = await value();
  else if (value && typeof (/** @type {any} */ (value).then) === "function") value = await value;
  const result = serialise(value, "", [], []);
  settled = true;
  await send({ kind: "value", value: result, stubbed: [...stubbed].sort(), bySite: [...stubbedBySite].sort() });
} catch (err) {
  settled = true;
  await send({ kind: "error", error: describe(err), stubbed: [...stubbed].sort() });
}
process.exit(0);
