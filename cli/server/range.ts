// The `Range` request header (RFC 9110 §14), for one byte range: `bytes=0-99`, `bytes=100-`, `bytes=-100`.
type RangeAnswer =
  /** Send the whole file with 200: no header, another unit, or several ranges (which a server may ignore). */
  | { kind: "whole" }
  /** Send these bytes with 206. */
  | { kind: "part"; start: number; end: number }
  /** Answer 416 with `Content-Range: bytes *\/size`: malformed, or no byte of it is in the file. */
  | { kind: "unsatisfiable" };

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: "whole" };
  const m = /^\s*([A-Za-z]+)\s*=\s*(.*)$/.exec(header);
  if (!m) return { kind: "unsatisfiable" };
  if (m[1].toLowerCase() !== "bytes") return { kind: "whole" };
  const specs = m[2].split(",");
  if (specs.length > 1) return specs.every((s) => /^\s*(\d+-\d*|-\d+)\s*$/.test(s)) ? { kind: "whole" } : bad();
  const spec = /^\s*(\d*)-(\d*)\s*$/.exec(specs[0]);
  if (!spec || (spec[1] === "" && spec[2] === "")) return bad();
  if (spec[1] === "") {
    // A suffix: the last N bytes.
    const n = Number(spec[2]);
    if (n === 0 || size === 0) return bad();
    return { kind: "part", start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(spec[1]);
  const last = spec[2] === "" ? Number.POSITIVE_INFINITY : Number(spec[2]);
  if (last < start || start >= size) return bad();
  return { kind: "part", start, end: Math.min(last, size - 1) };
}

const bad = (): RangeAnswer => ({ kind: "unsatisfiable" });
