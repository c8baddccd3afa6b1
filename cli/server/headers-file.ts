// Reads a `_headers` file (the format Netlify and Cloudflare Pages read: a path pattern on its own line, then
// indented `Name: value` lines) so `docsite serve` answers with the headers a static host would add.
import { validateHeaderName, validateHeaderValue } from "node:http";

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
    const [name, value] = [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    if (current && at > 0 && validHeader(name, value)) current.headers.push([name, value]);
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

/** A hand-edited line Node would refuse to send is left out rather than failing every response. */
function validHeader(name: string, value: string): boolean {
  try {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    return true;
  } catch {
    return false;
  }
}

export function headersFor(rules: HeaderRule[], pathname: string): Array<[string, string]> {
  return rules.filter((r) => r.pattern.test(pathname)).flatMap((r) => r.headers);
}
