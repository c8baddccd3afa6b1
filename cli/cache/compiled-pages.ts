// The store of compiled pages (`mdx/`): a page's MDX compile result, by the settings the compile was given (the
// compile's part of the site config and the doc slugs), the page's locale, file, body and the line its body starts
// at. Pages that import partials or components also record what the compile read, wherever it lies, by hash, and the
// folders its imports looked in (recorded-inputs.ts); an entry whose inputs changed is a miss. An entry is two
// files: `<key>.json`, everything the build reads of every page, and `<key>.js`, the code, read only when the page
// renders (a rebuild that renders few pages reads few).
import { statSync } from "node:fs";
import { join, posix } from "node:path";
import { entryFileSize, type BuildCache } from "./cache.ts";
import { hashText } from "./hash.ts";
import { hashInput, inputsHold, inputsOf } from "./recorded-inputs.ts";

export const COMPILED_STORE = "mdx";

/** What a page is compiled from, besides the settings every page shares. */
export interface PageSource {
  file: string;
  body: string;
  bodyOffset: number;
  locale: string;
}

/** Thrown by the `code` of a cached page whose code file is gone or damaged (the page must compile again). */
export class CodeLost extends Error {
  constructor(readonly page: string) {
    super(`the build cache lost the compiled code of ${page}`);
  }
}

/** What the store needs of a compile result (mdx/compile.ts: CompiledMdx): its code, the code's hash, what it read. */
interface CompiledShape {
  code: string;
  codeHash: string;
  /** Input name (recorded-inputs.ts) → hash of each input (partial, component, what they read) the compile read. */
  depHashes?: Record<string, string>;
}

/** The `.json` part of an entry: the result without its code, and the size of the code's file. */
type Meta<T> = Omit<T, "code"> & { codeFileSize: number };

/**
 * True when every input a page read (partials, components and what they read, wherever it lies: input names of
 * recorded-inputs.ts → hash) is as it was.
 */
export const dependenciesHold = (deps: Record<string, string> | undefined, rootDir: string): boolean =>
  inputsHold(rootDir, deps);

/**
 * A page's recorded inputs with what the compile's resolver looked at besides them (mdx/modules.ts: findScript): the
 * folder of each file (a `helper.jsx` added beside the `helper.js` an import found), the folder an `index` file's
 * folder is in (`widget.jsx` added beside the `widget/` whose index was found), and the manifests around them.
 * Undefined when one is gone already.
 */
function withResolution(deps: Record<string, string> | undefined, rootDir: string): Record<string, string> | undefined {
  if (!deps) return deps;
  const files = Object.keys(deps).filter((name) => !name.includes(":"));
  const parents = files.filter((f) => /(^|\/)index\.[^/]+$/.test(f)).map((f) => posix.dirname(posix.dirname(f)));
  const out = { ...deps };
  try {
    for (const name of inputsOf(rootDir, files, parents)) out[name] ??= hashInput(rootDir, name);
  } catch {
    return undefined;
  }
  return out;
}

export class CompiledPages<T extends CompiledShape> {
  private readonly common: string;

  constructor(
    private readonly cache: BuildCache,
    /** The inputs every page's compile shares (the compile settings without the site folder, the doc slugs). */
    shared: unknown,
    /** The site folder, where recorded dependencies are checked. */
    private readonly rootDir: string,
  ) {
    // Hashed once: every page's key holds it, and with a site's doc slugs it is most of the key's bytes.
    this.common = hashText(JSON.stringify(shared));
  }

  /** The entry key of a page. */
  keyOf(page: PageSource): string {
    return this.cache.key(COMPILED_STORE, this.common, page.locale, page.file, String(page.bodyOffset), page.body);
  }

  /**
   * The cached compile of a page, when its inputs and recorded dependencies are unchanged; its code is read when
   * first asked for (`CodeLost` when it cannot be, checked). `eager`: the code is read now (a dev server keeps a page
   * as long as it runs, and a build beside it may prune the entry meanwhile).
   */
  get(page: PageSource, eager = false): T | undefined {
    const key = this.keyOf(page);
    const text = this.cache.readText(COMPILED_STORE, key, ".json");
    if (text === undefined) return undefined;
    let meta: Meta<T>;
    try {
      meta = JSON.parse(text) as Meta<T>;
    } catch {
      this.cache.damaged(COMPILED_STORE);
      return undefined;
    }
    if (!dependenciesHold(meta.depHashes, this.rootDir)) return undefined;
    const codeFile = join(this.cache.folder(COMPILED_STORE), `${key}.js`);
    // The code file's size is checked now (a stat): one cut short or gone makes the page compile again here, rather
    // than when it renders. Its bytes are checked when read.
    let size = -1;
    try {
      const st = statSync(codeFile);
      if (st.isFile()) size = st.size;
    } catch {
      // gone
    }
    if (size !== meta.codeFileSize) {
      this.cache.damaged(COMPILED_STORE);
      return undefined;
    }
    const { codeFileSize: _, ...rest } = meta;
    const compiled = rest as unknown as T;
    const read = (): string | undefined => {
      const code = this.cache.readFile(COMPILED_STORE, codeFile, key)?.toString("utf8");
      if (code === undefined) return undefined;
      if (hashText(code) === meta.codeHash) return code;
      this.cache.damaged(COMPILED_STORE);
      return undefined;
    };
    if (eager) {
      const code = read();
      if (code === undefined) return undefined;
      compiled.code = code;
      return compiled;
    }
    let code: string | undefined;
    Object.defineProperty(compiled, "code", {
      enumerable: true,
      configurable: true,
      get: () => {
        code ??= read();
        if (code === undefined) throw new CodeLost(page.file);
        return code;
      },
      set: (value: string) => {
        code = value;
      },
    });
    return compiled;
  }

  /** Stores a page's compile result: the code first, then the entry that vouches for it. False when not stored. */
  async put(page: PageSource, result: T): Promise<boolean> {
    const key = this.keyOf(page);
    const { code, ...rest } = result;
    const depHashes = withResolution(rest.depHashes, this.rootDir);
    if (rest.depHashes && !depHashes) return false; // an input is gone already: nothing safe to keep
    const meta: Meta<T> = {
      ...rest,
      ...(depHashes ? { depHashes } : {}),
      codeFileSize: entryFileSize(COMPILED_STORE, key, Buffer.byteLength(code, "utf8")),
    };
    if (!(await this.cache.writeAsync(COMPILED_STORE, key, code, ".js"))) return false;
    return this.cache.writeAsync(COMPILED_STORE, key, JSON.stringify(meta), ".json");
  }
}
