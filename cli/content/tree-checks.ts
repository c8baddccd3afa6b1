// Checks on the content tree itself, before any page is read: two files for one page, file names that make awkward
// URLs, and bytes that are not UTF-8 (symbolic-link loops: content/files-under.ts). Each problem names the path (and
// line or offset).
import { DocsiteError } from "../log.ts";

/** `first.md` beside `first.mdx` would be one page from two files: an error naming both. */
export function assertNoTwinSources(files: string[]): void {
  const seen = new Map<string, string>();
  for (const f of files) {
    const stem = f.replace(/\.mdx?$/, "");
    const other = seen.get(stem);
    if (other) {
      throw new DocsiteError(
        `${other} and ${f} are the same page`,
        { file: f },
        "keep one of the two files (rename or delete the other)",
      );
    }
    seen.set(stem, f);
  }
}

/**
 * Content file names that work here but make trouble elsewhere, each reported (Docusaurus builds them too):
 * whitespace (URLs with %20); two paths that differ only in letter case (`Intro.mdx` beside `intro.mdx`: one file
 * on macOS and Windows, so a checkout there loses a page, and hosts that ignore case serve one for both URLs);
 * names in Unicode's decomposed form (NFD, as macOS may write `é`: the URL then differs from one typed with the
 * composed letter, so such links are broken).
 */
export function fileNameWarnings(files: string[]): string[] {
  const out: string[] = [];
  for (const f of files)
    if (/\s/.test(f.split("/").pop() ?? ""))
      out.push(
        `${f}: the file name contains a space, so its URL contains %20; rename it with hyphens (my-page.mdx) for a clean URL`,
      );
  const byFolded = new Map<string, string>();
  for (const f of files) {
    const folded = f
      .replace(/\.mdx?$/i, "")
      .normalize("NFC")
      .toLowerCase();
    const other = byFolded.get(folded);
    if (other && other !== f)
      out.push(
        `${f}: ${other} has the same name in another letter case: on macOS and Windows (and on hosts that ignore ` +
          "case) they are one file; rename one of them",
      );
    else byFolded.set(folded, f);
  }
  for (const f of files)
    if (f !== f.normalize("NFC"))
      out.push(
        `${f}: the file name is in Unicode's decomposed form (NFD, as macOS may write accented letters), so its URL ` +
          "differs from one typed with the composed letters and links written that way are broken; rename the file " +
          `(${JSON.stringify(f.normalize("NFC"))})`,
      );
  return out;
}

/** Offset of the first byte that is not part of valid UTF-8, or -1. */
function invalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const n = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
    }
    // Overlong three/four-byte forms, UTF-16 surrogates and code points above U+10FFFF.
    const c1 = bytes[i + 1];
    if (
      (b === 0xe0 && c1 < 0xa0) ||
      (b === 0xed && c1 > 0x9f) ||
      (b === 0xf0 && c1 < 0x90) ||
      (b === 0xf4 && c1 > 0x8f)
    )
      return i;
    i += n + 1;
  }
  return -1;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Decodes a content file as UTF-8; any other encoding is an error naming the byte offset and its line. */
export function decodeUtf8(bytes: Uint8Array, file: string): string {
  // The native decoder checks the bytes; the scan in JavaScript only runs to find where a bad file goes wrong.
  try {
    return strictUtf8.decode(bytes);
  } catch {
    /* reported below, with the offset and line */
  }
  const bad = invalidUtf8Offset(bytes);
  if (bad >= 0) {
    let line = 1;
    for (let i = 0; i < bad; i++) if (bytes[i] === 0x0a) line++;
    throw new DocsiteError(
      `is not valid UTF-8: byte 0x${bytes[bad].toString(16).padStart(2, "0")} at offset ${bad}`,
      { file, line },
      "save the file as UTF-8 (e.g. iconv -f cp1251 -t utf-8)",
    );
  }
  return new TextDecoder("utf-8").decode(bytes);
}
