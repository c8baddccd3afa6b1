// A site's theme overrides (Docusaurus' swizzled components): every script under `src/theme/`, named as Docusaurus
// names it (`Footer/Links` for `src/theme/Footer/Links/index.tsx` or `src/theme/Footer/Links.tsx`).
import { existsSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";

/** The folder Docusaurus reads a site's theme overrides from. */
export const THEME_DIR = "src/theme";

/** The Docusaurus name of a file under src/theme (`Footer/index.tsx` → `Footer`), or null for what is no script. */
export function overrideName(relative: string): string | null {
  const m = /^(.+?)(?:\/index)?\.(?:js|jsx|ts|tsx)$/.exec(relative);
  return m && !/\.d$/.test(m[1]) ? m[1] : null;
}

/** Every override of the site in `dir`, by name (`Footer.tsx` wins over `Footer/index.tsx`, as webpack resolves). */
export function findThemeOverrides(dir: string): Array<{ name: string; file: string }> {
  const theme = join(dir, THEME_DIR);
  if (!existsSync(theme)) return [];
  const found = new Map<string, string>();
  const files = fg.sync("**/*.{js,jsx,ts,tsx}", {
    cwd: theme,
    ignore: ["**/*.test.*", "**/__tests__/**", "**/*.d.ts", "**/*.stories.*"],
  });
  for (const f of files.sort()) {
    const name = overrideName(f);
    if (!name) continue;
    const own = !/\/index\.[jt]sx?$/.test(f);
    if (!found.has(name) || own) found.set(name, `${THEME_DIR}/${f}`);
  }
  return [...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, file]) => ({ name, file }));
}
