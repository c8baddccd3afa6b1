// Reads a `_headers` file (the format Netlify and Cloudflare Pages read: a path pattern on its own line, then
// indented `Name: value` lines) so `docsite serve` answers with the headers a static host would add.
export interface HeaderRule {
  pattern: RegExp;
  headers: Array<[string, string]>;
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      current = { pattern: patternOf(line.trim()), headers: [] };
      rules.push(current);
      continue;
    }
    const at = line.indexOf(":");
    if (current && at > 0) current.headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
  }
  return rules;
}

/** `/*` matches every path, `/assets/*` everything under assets/; other characters match themselves. */
function patternOf(p: string): RegExp {
  const body = p
    .split("*")
    .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}$`);
}

export function headersFor(rules: HeaderRule[], pathname: string): Array<[string, string]> {
  return rules.filter((r) => r.pattern.test(pathname)).flatMap((r) => r.headers);
}
