// Evaluates a Docusaurus project's config or sidebars file (JS, TS or ESM) without its node_modules: esbuild
// turns it into CommonJS, it runs in a `vm` context whose `require` gives Node built-ins and, for anything
// else, a harmless stand-in that records the name. What such a stand-in held is reported as not carried over.
import { transform } from "esbuild";
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import vm from "node:vm";

export interface LoadedModule {
  value: unknown;
  /** Modules the file required that were stood in for. */
  stubbed: string[];
}

const STUB_NAME = Symbol("docsite.stub");

/** A value that accepts any use (call, property, `new`, template) and stays inert. */
function stub(name: string): unknown {
  const target = (() => {}) as unknown as Record<PropertyKey, unknown>;
  return new Proxy(target, {
    get(_t, key) {
      if (key === STUB_NAME) return name;
      if (key === Symbol.toPrimitive) return () => "";
      if (key === "then") return undefined;
      if (key === "__esModule") return true;
      if (key === "toString" || key === "valueOf") return () => "";
      return stub(`${name}.${String(key)}`);
    },
    apply: () => stub(`${name}()`),
    construct: () => stub(`new ${name}`) as object,
  });
}

/** True for values that came from a stand-in (used to drop them from the mapped config). */
export const isStub = (v: unknown): boolean =>
  typeof v === "function" && (v as unknown as Record<symbol, unknown>)[STUB_NAME] !== undefined;

export async function loadModule(file: string, env: Record<string, string> = {}): Promise<LoadedModule> {
  const source = readFileSync(file, "utf8");
  if (file.endsWith(".json")) return { value: JSON.parse(source), stubbed: [] };
  const loader = /\.tsx?$|\.mts$|\.cts$/.test(file) ? "ts" : "js";
  const { code } = await transform(source, {
    loader,
    format: "cjs",
    platform: "node",
    target: "node20",
    define: {
      "import.meta.url": JSON.stringify(pathToFileURL(file).href),
      "import.meta.dirname": JSON.stringify(dirname(file)),
    },
    logLevel: "silent",
  });
  const stubbed: string[] = [];
  const realRequire = createRequire(file);
  const mod = { exports: {} as Record<string, unknown> };
  const sandboxRequire: ((name: string) => unknown) & { resolve: (name: string) => string } = Object.assign(
    (name: string) => {
      const bare = name.replace(/^node:/, "");
      // `createRequire(import.meta.url)` in an ESM config gets this same sandboxed require back.
      if (bare === "module") return { ...(realRequire(name) as object), createRequire: () => sandboxRequire };
      if (builtinModules.includes(bare)) return realRequire(name);
      if (name.endsWith(".json")) {
        try {
          return realRequire(name);
        } catch {
          /* a missing JSON file is stood in for like a package */
        }
      }
      stubbed.push(name);
      return stub(name);
    },
    { resolve: (name: string) => name },
  );
  const context = vm.createContext({
    module: mod,
    exports: mod.exports,
    require: sandboxRequire,
    __filename: file,
    __dirname: dirname(file),
    process: { env: { ...env }, cwd: () => dirname(file), platform: process.platform, argv: [] },
    console: { log() {}, warn() {}, error() {}, info() {} },
    URL,
    Buffer,
    setTimeout,
  });
  vm.runInContext(code, context, { filename: file, timeout: 5000 });
  let value: unknown = mod.exports;
  if (value && typeof value === "object" && "default" in value) value = (value as { default: unknown }).default;
  if (typeof value === "function" && !isStub(value)) value = await (value as () => unknown)();
  return { value, stubbed: [...new Set(stubbed)] };
}
