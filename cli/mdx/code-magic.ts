// Docusaurus' magic comments in code blocks: `highlight-next-line`, `highlight-start` … `highlight-end`, written as
// `// …`, `/* … */`, `# …`, `<!-- … -->` or `{/* … */}` on a line of their own. The comment lines are removed and
// the lines they mark are added to the block's `{…}` line ranges, before highlighting.
import { walk } from "./walk.ts";
import type { Root, Code } from "mdast";

const MAGIC = /^\s*(?:\/\/|#|\/\*|<!--|\{\/\*)\s*highlight-(next-line|start|end)\s*(?:\*\/\}?|-->)?\s*$/;

/** The code without its magic comment lines, and the (1-based) numbers of the lines they highlight. */
export function applyMagicComments(code: string): { code: string; lines: number[] } {
  const out: string[] = [];
  const lines: number[] = [];
  let next = false;
  let open = 0;
  for (const line of code.split("\n")) {
    const m = MAGIC.exec(line);
    if (m) {
      if (m[1] === "next-line") next = true;
      else if (m[1] === "start") open++;
      else open = Math.max(0, open - 1);
      continue;
    }
    out.push(line);
    if (next || open > 0) lines.push(out.length);
    next = false;
  }
  return { code: out.join("\n"), lines };
}

export function remarkCodeMagic() {
  return (tree: Root) => {
    walk(tree, "code", (node: Code) => {
      if (!node.value.includes("highlight-")) return;
      const { code, lines } = applyMagicComments(node.value);
      if (!lines.length && code === node.value) return;
      node.value = code;
      if (lines.length) node.meta = `${node.meta ?? ""} {${lines.join(",")}}`.trim();
    });
  };
}
