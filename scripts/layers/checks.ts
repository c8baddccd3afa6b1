// The three rules of docsite's layers, as functions of an import graph so that a test can plant each violation in a
// graph of its own: no file imports a file that imports it back, however far round; no folder imports a folder of a
// later stage (or of its own stage); and no folder imports a folder that imports it back.
import type { ImportGraph } from "./graph.ts";

/** The strongly connected components of more than one node (Tarjan), each sorted, in the order of their first node. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) out.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

/** One way round a cycle's members, `a -> b -> … -> a`, for a message a reader can follow. */
export function cyclePath(graph: ReadonlyMap<string, readonly string[]>, members: string[]): string {
  const inside = new Set(members);
  const path = [members[0]];
  const seen = new Set(path);
  // Breadth-first from the first member back to itself, through members only: the shortest way round.
  const back = new Map<string, string>();
  const queue = [members[0]];
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!inside.has(next)) continue;
      if (next === members[0]) {
        const way = [node];
        while (back.has(way[0])) way.unshift(back.get(way[0])!);
        return [...way, members[0]].join(" -> ");
      }
      if (!seen.has(next)) {
        seen.add(next);
        back.set(next, node);
        queue.push(next);
      }
    }
  }
  return members.join(" -> ");
}

/** Each file cycle, as a way round it. */
export const fileCycles = (graph: ImportGraph): string[] => cycles(graph).map((c) => cyclePath(graph, c));

/** The graph of folders (`folderOf` names a file's folder; undefined leaves the file out), with the file imports under each edge. */
export function folderGraph(
  graph: ImportGraph,
  folderOf: (file: string) => string | undefined,
): { graph: Map<string, string[]>; imports: Map<string, string[]> } {
  const folders = new Map<string, string[]>();
  const imports = new Map<string, string[]>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (from === undefined) continue;
    if (!folders.has(from)) folders.set(from, []);
    for (const target of targets) {
      const to = folderOf(target);
      if (to === undefined || to === from) continue;
      if (!folders.get(from)!.includes(to)) folders.get(from)!.push(to);
      const key = `${from} -> ${to}`;
      imports.set(key, [...(imports.get(key) ?? []), `${file} -> ${target}`]);
    }
  }
  return { graph: folders, imports };
}

/** Each folder cycle: its folders, one way round them, and the file imports of every step between them. */
export function folderCycles(graph: ImportGraph, folderOf: (file: string) => string | undefined): string[] {
  const folders = folderGraph(graph, folderOf);
  return cycles(folders.graph).map((members) => {
    const inside = new Set(members);
    const steps = [...folders.imports]
      .filter(([key]) => key.split(" -> ").every((f) => inside.has(f)))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, files]) => `  ${key}: ${files.join(", ")}`);
    return [`{${members.join(", ")}}: ${cyclePath(folders.graph, members)}`, ...steps].join("\n");
  });
}

/** The imports of a folder of the same or a later rank than the importer's (files whose rank is undefined are skipped). */
export function upwardImports(
  graph: ImportGraph,
  rankOf: (file: string) => number | undefined,
  folderOf: (file: string) => string | undefined,
): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    const from = rankOf(file);
    if (from === undefined) continue;
    for (const target of targets) {
      const to = rankOf(target);
      if (to === undefined || folderOf(file) === folderOf(target)) continue;
      if (to >= from) out.push(`${file} -> ${target}`);
    }
  }
  return out;
}
