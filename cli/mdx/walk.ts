// A pre-order walk of a unist tree (mdast or hast) for the compile's own plugins, with unist-util-visit's
// semantics: the visitor gets the node, its index and its parent, and may return SKIP (do not enter this node),
// an index (go on at that sibling) or [SKIP, index]. unist-util-visit keeps the list of ancestors of every node
// it enters, a new array per node; our plugins need only the parent, and five walks per page made that array the
// largest cost of our own compile code (docs/speed.md, "Less work per compile").
import type { Node, Parent } from "unist";

export const SKIP = "skip";

type WalkResult = undefined | typeof SKIP | number | [typeof SKIP, number];

// Plugins type the nodes they expect (hast or mdast, MDX and directive nodes the unist typings do not know).
type Visitor = (node: any, index: number | undefined, parent: any) => WalkResult;

const childrenOf = (node: Node): Node[] | undefined => (node as Partial<Parent>).children;

function enter(parent: Parent, visitor: Visitor, type: string | undefined): void {
  let i = 0;
  // The length is read each time: a visitor may splice its parent's children.
  while (i < parent.children.length) {
    const node = parent.children[i];
    const result = type === undefined || node.type === type ? visitor(node, i, parent) : undefined;
    const skip = result === SKIP || Array.isArray(result);
    // The children of the node visited, even if the visitor put another node in its place (as unist-util-visit).
    if (!skip && childrenOf(node)) enter(node as Parent, visitor, type);
    i = typeof result === "number" ? result : Array.isArray(result) ? result[1] : i + 1;
  }
}

/** Visits `tree` and every node below it in document order; only nodes of `type` when given. */
export function walk(tree: Node, visitor: Visitor): void;
export function walk(tree: Node, type: string, visitor: Visitor): void;
export function walk(tree: Node, typeOrVisitor: string | Visitor, maybeVisitor?: Visitor): void {
  const type = typeof typeOrVisitor === "string" ? typeOrVisitor : undefined;
  const visitor = typeof typeOrVisitor === "string" ? maybeVisitor! : typeOrVisitor;
  const result = type === undefined || tree.type === type ? visitor(tree, undefined, undefined) : undefined;
  if (result !== SKIP && !Array.isArray(result) && childrenOf(tree)) enter(tree as Parent, visitor, type);
}
