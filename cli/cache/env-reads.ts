// Environment variables server code reads (`{process.env.API_URL}` in content, a component's `process.env.X`): they
// are inputs like the files a step read. The code's tokens are looked at (a `process.env.X` in a string, a code
// block's text, is not a read); each variable read by name is recorded as `env:<NAME>` (recorded-inputs.ts: keyed on
// its value), and code that reads the environment by a computed name (`process.env[name]`, `{ ...process.env }`)
// records `env:*`, the whole environment: it is then kept only while no variable changed.
//
// The code itself reads the variable when it runs (the render), so what it shows follows the environment; the
// stamp put in front of it (a hash of the values it reads) makes its bytes differ when they do, so every store keyed
// by the code (a page's render, its content) misses too.
import type { Token } from "acorn";
import { hashParts } from "./hash.ts";
import { ENV } from "./recorded-inputs.ts";

/** `process.env` in the text (the tokens then tell whether it is code, and which variables). */
const MENTION = /\bprocess\s*(\?\.|\.)\s*env\b/;

/**
 * The input names (`env:NAME`, or `env:*`) of the variables `code` reads. acorn is loaded only for code that names
 * `process.env`: a warm build compiles nothing and should not load it.
 */
export async function envReads(code: string): Promise<string[]> {
  // Most code never names it ("process" alone is a common word of prose): tokenized only when the text does.
  if (!MENTION.test(code)) return [];
  const { tokenizer, tokTypes } = await import("acorn");
  // acorn's tokens carry their value (a name's, a string's), which its types leave out.
  let tokens: Array<Token & { value?: unknown }>;
  try {
    tokens = [
      ...tokenizer(code, {
        ecmaVersion: "latest",
        sourceType: "module",
        allowReturnOutsideFunction: true,
        allowAwaitOutsideFunction: true,
        allowHashBang: true,
      }),
    ];
  } catch {
    // Not JavaScript acorn reads: by the text, any mention is a read of everything.
    return [`${ENV}*`];
  }
  const names = new Set<string>();
  const dot = (t: Token | undefined): boolean => t?.type === tokTypes.dot || t?.type === tokTypes.questionDot;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    // `globalThis.process.env.X` too (and any `x.process.env.Y`: one read too many costs a miss, never a lie).
    if (t.type !== tokTypes.name || t.value !== "process") continue;
    if (!dot(tokens[i + 1]) || tokens[i + 2]?.type !== tokTypes.name || tokens[i + 2].value !== "env") continue;
    const [a, b, c] = [tokens[i + 3], tokens[i + 4], tokens[i + 5]];
    if (dot(a) && b?.type === tokTypes.name) names.add(`${ENV}${b.value}`);
    else if (a?.type === tokTypes.bracketL && b?.type === tokTypes.string && c?.type === tokTypes.bracketR)
      names.add(`${ENV}${b.value}`);
    else names.add(`${ENV}*`);
  }
  // NODE_ENV is part of every key already (identity.ts), and bundles replace it.
  names.delete(`${ENV}NODE_ENV`);
  return [...names].sort();
}

/** The values of the variables named, as a hash (the whole environment's for `env:*`). */
function envHash(names: string[]): string {
  const all = names.includes(`${ENV}*`);
  const pairs = all
    ? Object.entries(process.env)
    : names.map((n) => [n.slice(ENV.length), process.env[n.slice(ENV.length)]] as const);
  return hashParts(pairs.map(([k, v]) => (v === undefined ? `${k} unset` : `${k}=${v}`)).sort());
}

/** `code` with a stamp of the values of the variables it reads in front (unchanged when it reads none). */
export function stampEnv(code: string, names: string[]): string {
  return names.length ? `/* docsite: environment ${envHash(names)} */\n${code}` : code;
}
