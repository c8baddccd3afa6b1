// The compile plugins' tree walk (cli/mdx/walk.ts) visits what unist-util-visit visits, in the same order, and
// honours the same results (SKIP, an index, [SKIP, index]), including a visitor that replaces its node.
import { describe, expect, it } from "vitest";
import { visit, SKIP as VISIT_SKIP } from "unist-util-visit";
import { walk, SKIP } from "../../cli/mdx/walk.ts";

interface N {
  type: string;
  name?: string;
  children?: N[];
}

const tree = (): N => ({
  type: "root",
  children: [
    {
      type: "p",
      name: "a",
      children: [
        { type: "text", name: "a1" },
        { type: "em", name: "a2", children: [] },
      ],
    },
    { type: "directive", name: "b", children: [{ type: "text", name: "b1" }] },
    { type: "p", name: "c", children: [{ type: "img", name: "c1" }] },
    { type: "pre", name: "d", children: [{ type: "code", name: "d1" }] },
  ],
});

/** Runs the same visitor under both walks and returns both visit orders and resulting trees. */
function both(
  visitor: (node: N, index: number | undefined, parent: N | undefined) => unknown,
  skip: unknown,
  type?: string,
) {
  const run = (kind: "walk" | "visit") => {
    const t = tree();
    const seen: string[] = [];
    const v = (node: N, index: number | undefined, parent: N | undefined) => {
      seen.push(node.name ?? node.type);
      const r = visitor(node, index, parent);
      // Translate our SKIP into unist-util-visit's.
      if (kind === "visit" && r === skip) return VISIT_SKIP;
      if (kind === "visit" && Array.isArray(r) && r[0] === skip) return [VISIT_SKIP, r[1]];
      return r;
    };
    if (kind === "walk") type ? walk(t as any, type, v as any) : walk(t as any, v as any);
    else type ? visit(t as any, type, v as any) : visit(t as any, v as any);
    return { seen, t };
  };
  return { walk: run("walk"), visit: run("visit") };
}

describe("walk", () => {
  it("visits every node in document order, the root first", () => {
    const r = both(() => undefined, SKIP);
    expect(r.walk.seen).toEqual(["root", "a", "a1", "a2", "b", "b1", "c", "c1", "d", "d1"]);
    expect(r.walk).toEqual(r.visit);
  });

  it("visits only nodes of the given type, but looks inside the others", () => {
    const r = both(() => undefined, SKIP, "text");
    expect(r.walk.seen).toEqual(["a1", "b1"]);
    expect(r.walk).toEqual(r.visit);
  });

  it("SKIP leaves the node's children out", () => {
    const r = both((n) => (n.type === "p" ? SKIP : undefined), SKIP);
    expect(r.walk.seen).toEqual(["root", "a", "b", "b1", "c", "d", "d1"]);
    expect(r.walk).toEqual(r.visit);
  });

  it("a node replaced in its parent and [SKIP, index] visits the replacement next", () => {
    const r = both((n, i, parent) => {
      if (n.type !== "directive" || !parent || i === undefined) return undefined;
      parent.children!.splice(i, 1, { type: "p", name: "b'", children: [{ type: "text", name: "b'1" }] });
      return [SKIP, i];
    }, SKIP);
    expect(r.walk.seen).toEqual(["root", "a", "a1", "a2", "b", "b'", "b'1", "c", "c1", "d", "d1"]);
    expect(r.walk).toEqual(r.visit);
  });

  it("a node replaced without SKIP still has its own children visited; an index result jumps", () => {
    const r = both((n, i, parent) => {
      if (n.type === "pre" && parent && i !== undefined) parent.children![i] = { type: "wrapper", name: "w" };
      if (n.name === "a") return 2;
      return undefined;
    }, SKIP);
    expect(r.walk.seen).toEqual(["root", "a", "a1", "a2", "c", "c1", "d", "d1"]);
    expect(r.walk).toEqual(r.visit);
  });
});
