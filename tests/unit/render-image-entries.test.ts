// The image stage fills its map in the order encodes finish; a render job's cache key must not depend on it.
import { describe, it, expect } from "vitest";
import { imageEntries } from "../../cli/render/render-route.ts";
import type { ImageData } from "../../theme/types.ts";

const data = (src: string) => ({ width: 1, height: 1, src, sources: [], full: src }) as unknown as ImageData;

describe("imageEntries", () => {
  it("lists the same entries in the same order whatever order the stage finished in", () => {
    const a = new Map([
      ["content/b.png", data("/b.png")],
      ["content/a.png", data("/a.png")],
    ]);
    const b = new Map([
      ["content/a.png", data("/a.png")],
      ["content/b.png", data("/b.png")],
    ]);
    expect(JSON.stringify(imageEntries(a))).toBe(JSON.stringify(imageEntries(b)));
    expect(imageEntries(a).map(([k]) => k)).toEqual(["content/a.png", "content/b.png"]);
  });

  it("gives no entries without an image stage", () => {
    expect(imageEntries(undefined)).toEqual([]);
  });
});
