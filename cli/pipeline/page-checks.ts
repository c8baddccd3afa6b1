// Checks on compiled pages that need the theme: a JSX component a page uses but neither imports nor defines
// must be one docsite provides, or the page names it (file and line) instead of failing while rendering.
import { DocsiteError } from "../log.ts";
import type { CompiledMdx } from "../mdx/compile.ts";
import type { PageErrorCollector } from "./page-errors.ts";

export function checkComponents(c: CompiledMdx, known: Set<string>, errors: PageErrorCollector): void {
  for (const u of c.modules?.components ?? []) {
    if (known.has(u.name)) continue;
    errors.add(
      new DocsiteError(
        `unknown component <${u.name}>`,
        { file: u.file, line: u.line },
        `import it, or use one docsite provides: ${[...known].filter((k) => /^[A-Z]/.test(k)).join(", ")}`,
      ),
      u.file,
    );
  }
}
