// The map of docsite's code that cannot drift: the layers part of docs/architecture.md (the stage order and the
// folder list) and the "layer" lines of each folder's README.md, written from the one table the layers test checks
// the code against (scripts/layers/table.ts). Each is written between the markers below; the rest of each file is
// prose. tests/unit/architecture-map.test.ts fails when a file is not what this script writes.
// `npm run docs:architecture` writes them again.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { REPO } from "./layers/graph.ts";
import { LAYERS, STAGES, STAGE_ROLES, mayImport, type Layer } from "./layers/table.ts";

export const BEGIN = "<!-- layers:begin (written by `npm run docs:architecture` from scripts/layers/table.ts) -->";
export const END = "<!-- layers:end -->";
export const ARCHITECTURE_FILE = "docs/architecture.md";

/** Words wrapped at the repository's 120 columns, lines after the first indented by `indent`. */
export function wrap(text: string, indent = ""): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > 120) {
      lines.push(line);
      line = indent + word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join("\n");
}

/** A layer as a reader names it: a folder with its slash, a file as it is. */
const shown = (layer: Layer) => (layer.path.endsWith(".ts") ? layer.path : `${layer.path}/`);

/** The layer's README.md (repository-relative), for the folders that have one. */
const readmeOf = (root: string, layer: Layer): string | undefined => {
  const file = `${layer.path}/README.md`;
  return !layer.path.endsWith(".ts") && existsSync(join(root, file)) ? file : undefined;
};

/** The layers part of docs/architecture.md: the stages in order, then every layer by rank. */
export function architectureBlock(root: string, layers: readonly Layer[] = LAYERS): string {
  const stages = STAGES.map((stage, i) => {
    const members = layers.filter((l) => l.stage === stage).map((l) => `\`${shown(l)}\``);
    const number = `${i + 1}. `;
    return wrap(`${number}**${stage}**: ${STAGE_ROLES[stage]} (${members.join(", ")})`, " ".repeat(number.length));
  });
  const rows = [...layers]
    .sort((a, b) => a.rank - b.rank || a.path.localeCompare(b.path))
    .map((l) => {
      const readme = readmeOf(root, l);
      const name = readme ? `[\`${shown(l)}\`](../${readme})` : `\`${shown(l)}\``;
      return `| ${l.rank} | ${name} | ${l.stage} | ${l.role.replaceAll("|", "\\|")} |`;
    });
  return [
    "## The layers",
    "",
    "The build is one pass in one direction, and the code is laid out the same way: each stage's folders come after",
    "the ones it reads from.",
    "",
    ...stages,
    "",
    "Each folder (and each file of `cli/` itself) has a rank and imports only folders of a lower rank, so no folder",
    "imports one that imports it back; and no file imports a file that imports it back, inside a folder either.",
    "`tests/unit/layers.test.ts` checks every import the code makes (esbuild's metafile: static, side-effect, dynamic,",
    "`require`; type imports from the source text) against this table. A folder's README.md says what it owns.",
    "",
    "| rank | folder | stage | what it does |",
    "|---:|---|---|---|",
    ...rows,
  ].join("\n");
}

/** The layer lines of a folder's README.md: its rank and stage, and what it may import. */
export function readmeBlock(layer: Layer, layers: readonly Layer[] = LAYERS): string {
  const below = mayImport(layer, layers).map((l) => `\`${shown(l)}\``);
  return [
    `**Layer**: rank ${layer.rank}, stage "${layer.stage}" (docs/architecture.md, "The layers").`,
    "",
    wrap(
      below.length
        ? `**May import**: ${below.join(", ")}, and packages; nothing else of docsite (tests/unit/layers.test.ts).`
        : "**May import**: packages only; nothing of docsite's other folders (tests/unit/layers.test.ts).",
    ),
  ].join("\n");
}

/** `text` with what stands between its markers replaced by `block`; an error naming the file if it has none. */
export function withBlock(file: string, text: string, block: string): string {
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END, begin);
  if (begin < 0 || end < 0)
    throw new Error(`${file}: no layers markers; put the lines ${BEGIN} and ${END} where the generated part goes`);
  return `${text.slice(0, begin + BEGIN.length)}\n${block}\n${text.slice(end)}`;
}

/** Every file this script writes, with the text it writes: docs/architecture.md and the READMEs with markers. */
export function generatedFiles(root = REPO, layers: readonly Layer[] = LAYERS): Array<{ file: string; text: string }> {
  const out = [{ file: ARCHITECTURE_FILE, block: architectureBlock(root, layers) }];
  for (const layer of layers) {
    const readme = readmeOf(root, layer);
    if (readme && readFileSync(join(root, readme), "utf8").includes(BEGIN))
      out.push({ file: readme, block: readmeBlock(layer, layers) });
  }
  return out.map(({ file, block }) => ({ file, text: withBlock(file, readFileSync(join(root, file), "utf8"), block) }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const { file, text } of generatedFiles()) {
    if (readFileSync(join(REPO, file), "utf8") === text) continue;
    writeFileSync(join(REPO, file), text);
    console.log(`wrote ${file}`);
  }
}
