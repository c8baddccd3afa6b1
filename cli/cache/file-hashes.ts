// The content hash of a file, worked out once per process and kept between processes by the file's stat. Hashing
// what a build read is most of a no-change build's cache work: docsite's own packages (identity.ts) are about 80 MB
// in 5,000 files, a site's bundles record hundreds of package files (recorded-inputs.ts). A hash is taken again only
// when the file's stat differs: its inode, size, modification time or change time (the last one no program can set:
// a file written with its old size and mtime put back still differs).
//
// The hashes are kept in one file of the cache (`file-hashes/memo`, stores.ts), checked like an entry, keyed by the
// absolute path (it is a memo of this machine's files, never part of a key: a cache restored elsewhere finds no
// stat that matches and hashes again). A file changed in the last two seconds before it was hashed is not kept: a
// coarse file-system clock could give its next edit the same times (the "racy git" problem).
import { mkdirSync, readFileSync, renameSync, rmSync, type Stats, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { checksum, hashText } from "./hash.ts";

export const FILE_HASHES_STORE = "file-hashes";
/** The memo's file, in the store's folder. */
export const MEMO_FILE = "memo";
const MAGIC = "docsite-file-hashes/1";
/** How long before hashing a file must have last changed for its hash to be kept (see the head of this file). */
const RACY_MS = 2000;

interface Known {
  stamp: string;
  hash: string;
}

/** Path → its stamp and hash, for this process: hashed here, or read from a memo file. */
const known = new Map<string, Known>();
/** The paths this process hashed or found unchanged: what a memo it writes holds. */
const used = new Set<string>();
/** Whether this process hashed a file it could keep (a memo is written only then). */
let hashedAny = false;
/** Files hashed (read whole) by this process, for the bench. */
let hashedCount = 0;

/**
 * Whether a file's stat is checked once per process rather than at every use: set by a process that builds once
 * (`docsite build`), never by `dev`, whose rebuilds must see edits made between them. A no-change build of an imported
 * site checks each of about 4,600 recorded files 4 to 5 times (every entry that read it); once is what tells whether
 * it changed since the last build. A file edited during the build is then seen by the next build, as it would be
 * anyway: its entry's key holds the hash read before the edit.
 */
let oncePerProcess = false;
/** Path → its hash, for paths this process checked with the flag set: it holds for the process. */
const checked = new Map<string, string>();

/** Turns the once-per-process stat check on (`docsite build`) or off (`dev`, tests that edit between builds). */
export function checkStatsOncePerProcess(on: boolean): void {
  oncePerProcess = on;
  checked.clear();
  checkRound++;
}
let checkRound = 0;

/**
 * 0 when stats are checked at every use; otherwise the number of the round of once-per-process checks (a new one each
 * time the flag is set), so recorded-inputs.ts drops the folder and env hashes it kept in an earlier round.
 */
export const onceCheckRound = (): number => (oncePerProcess ? checkRound : 0);

const stampOf = (st: Stats) => `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;

/** The hash of a file's bytes (hash.ts: hashText); throws as `statSync` and `readFileSync` do. */
export function hashFile(abs: string): string {
  if (!oncePerProcess) return hashByStat(abs);
  let hash = checked.get(abs);
  if (hash === undefined) checked.set(abs, (hash = hashByStat(abs)));
  return hash;
}

/** The hash by the file's stat now: the memo's when the stat is the one it was taken at, else read and hashed. */
function hashByStat(abs: string): string {
  const st = statSync(abs);
  const stamp = stampOf(st);
  const k = known.get(abs);
  if (k?.stamp === stamp) {
    used.add(abs);
    return k.hash;
  }
  const hash = hashText(readFileSync(abs));
  hashedCount++;
  if (st.ctimeMs < Date.now() - RACY_MS) {
    known.set(abs, { stamp, hash });
    used.add(abs);
    hashedAny = true;
  } else known.delete(abs);
  return hash;
}

/** Files read whole to hash them so far in this process (the rest came from a memo by their stat). */
export const filesHashed = (): number => hashedCount;

/**
 * Takes in the hashes kept in `file` (a memo `saveFileHashes` wrote), for files this process has not hashed. A memo
 * that is not exactly what was written (cut short, changed, not one) is not used: the files are hashed again.
 */
export function loadFileHashes(file: string): void {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return;
  }
  const end = bytes.indexOf(10);
  if (end < 0) return;
  const [magic, length, sum, ...rest] = bytes.subarray(0, end).toString("latin1").split(" ");
  const body = bytes.subarray(end + 1);
  if (magic !== MAGIC || rest.length || String(body.length) !== length || checksum(body) !== sum) return;
  let entries: Record<string, [string, string]>;
  try {
    entries = JSON.parse(body.toString("utf8")) as Record<string, [string, string]>;
  } catch {
    return;
  }
  for (const [path, [stamp, hash]] of Object.entries(entries)) if (!known.has(path)) known.set(path, { stamp, hash });
}

/**
 * Writes the hashes of the files this process hashed or found unchanged to `file` (atomically), when it hashed any
 * anew. A memo that cannot be written costs the next process time only: the failure is not told.
 */
export function saveFileHashes(file: string): void {
  if (!hashedAny) return;
  const entries: Record<string, [string, string]> = {};
  for (const path of [...used].sort()) {
    const k = known.get(path);
    if (k) entries[path] = [k.stamp, k.hash];
  }
  const body = Buffer.from(JSON.stringify(entries), "utf8");
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temp, Buffer.concat([Buffer.from(`${MAGIC} ${body.length} ${checksum(body)}\n`, "latin1"), body]));
    renameSync(temp, file);
    hashedAny = false;
  } catch {
    // a read-only or full cache: the next process hashes again
    try {
      rmSync(temp, { force: true });
    } catch {
      // not written at all
    }
  }
}
