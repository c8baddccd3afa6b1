// Exit codes and arguments (issue #31, item 6): a wrong folder or a taken port is one clear line and exit 1; a full
// or read-only disk is named as such and exits 2, as the README gives file-system errors. Each case runs the real
// CLI as a child process.
import { describe, it, expect, afterAll } from "vitest";
import net from "node:net";
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cli, collect, start, site } from "../support/bad-inputs.ts";
import { DocsiteError, exitCodeOf, formatError } from "../../cli/log.ts";

const scratch = await mkdtemp(join(tmpdir(), "docsite-cli-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** A run that must end by itself: killed after `ms` (then `code` is null), so a hang fails the test. */
async function bounded(args: string[], ms = 60_000) {
  const child = start(args);
  const timer = setTimeout(() => child.kill("SIGKILL"), ms);
  const r = await collect(child);
  clearTimeout(timer);
  return r;
}

const oneProblem = (stderr: string) => {
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toMatch(/Unhandled|node:events|unexpected failure/);
  expect(stderr.trim().split("\n")).toHaveLength(2); // the error and what to do
};

describe("folder arguments", () => {
  it("serve and check-links with a --dir that does not exist: exit 1 naming the path", async () => {
    const missing = join(scratch, "no-such-dist");
    for (const cmd of ["serve", "check-links"]) {
      const r = await bounded([cmd, "--dir", missing, ...(cmd === "serve" ? ["--port", "0"] : [])]);
      expect(r.code, `${cmd}: ${r.stderr}`).toBe(1);
      expect(r.stderr).toContain(`${missing} does not exist`);
      oneProblem(r.stderr);
    }
  });

  it("serve and check-links with a --dir that is a file: refused, exit 1", async () => {
    const file = join(scratch, "index.html");
    await writeFile(file, "<!doctype html><p>x</p>");
    for (const cmd of ["serve", "check-links"]) {
      const r = await bounded([cmd, "--dir", file, ...(cmd === "serve" ? ["--port", "0"] : [])]);
      expect(r.code, `${cmd}: ${r.stderr}`).toBe(1);
      expect(r.stderr).toContain(`${file} is a file, not a folder`);
      oneProblem(r.stderr);
    }
  });

  it("dev with a --root that does not exist, or has no site.config.json: exits 1 at once", async () => {
    const missing = join(scratch, "no-such-site");
    const r = await bounded(["dev", "--root", missing, "--port", "0"], 30_000);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(`no site at ${missing}: it does not exist`);
    await mkdir(join(scratch, "empty-site"), { recursive: true });
    const e = await bounded(["dev", "--root", join(scratch, "empty-site"), "--port", "0"], 30_000);
    expect(e.code, e.stderr).toBe(1);
    expect(e.stderr).toMatch(/no site\.config\.json in /);
    oneProblem(e.stderr);
  });
});

describe("a port that is taken", () => {
  it("dev and serve: one line and exit 1, no stack trace", async () => {
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(0, "127.0.0.1", () => r()));
    const port = String((taken.address() as net.AddressInfo).port);
    const s = await site();
    try {
      await mkdir(join(s.root, "dist"));
      for (const args of [
        ["dev", "--root", s.root, "--port", port],
        ["serve", "--dir", join(s.root, "dist"), "--port", port],
      ]) {
        const r = await bounded(args);
        expect(r.code, `${args[0]}: ${r.stderr}`).toBe(1);
        expect(r.stderr).toMatch(new RegExp(`^error port ${port} on 127\\.0\\.0\\.1 is already in use\\n`));
        oneProblem(r.stderr);
      }
    } finally {
      await new Promise<void>((r) => taken.close(() => r()));
      await s.done();
    }
  });
});

describe("a full or read-only disk is named, exit 2", () => {
  it("exit codes and messages of ENOSPC and EROFS, wherever they surface", () => {
    const sys = (code: string, text: string) =>
      Object.assign(new Error(`${code}: ${text}, write`), { code, syscall: "write" });
    for (const [code, text, hint] of [
      ["ENOSPC", "no space left on device", /the disk is full/],
      ["EROFS", "read-only file system", /the file system is read-only/],
    ] as const) {
      const raw = formatError(sys(code, text));
      expect(raw).toMatch(new RegExp(`^error ${code} \\(write\\): ${text}`));
      expect(raw).toMatch(hint);
      expect(raw).not.toMatch(/unexpected failure/);
      expect(exitCodeOf(sys(code, text))).toBe(2);
      // Wrapped where the output is swapped in or locked: still exit 2.
      expect(exitCodeOf(new DocsiteError(`could not replace dist (${code})`, {}, undefined, sys(code, text)))).toBe(2);
    }
    expect(exitCodeOf(new DocsiteError("a refused --out"))).toBe(1);
  });

  const canMount = process.platform === "linux" && process.getuid?.() === 0;
  it.runIf(canMount)("a build into a full disk and into a read-only one (tmpfs mounts)", async () => {
    const s = await site();
    const full = join(scratch, "full");
    const ro = join(scratch, "ro");
    await mkdir(full);
    await mkdir(ro);
    const mounted = [
      spawnSync("mount", ["-t", "tmpfs", "-o", "size=64k", "docsite-full", full]).status === 0 && full,
      spawnSync("mount", ["-t", "tmpfs", "-o", "ro,size=64k", "docsite-ro", ro]).status === 0 && ro,
    ].filter((m): m is string => Boolean(m));
    try {
      if (mounted.length < 2) return; // mount not permitted here: the unit case above holds the rule
      const f = await cli("build", "--root", s.root, "--out", join(full, "dist"));
      expect(f.code, f.stderr).toBe(2);
      expect(f.stderr).toMatch(/ENOSPC \(\w+\): no space left on device/);
      expect(f.stderr).toMatch(/the disk is full/);
      expect(readdirSync(full)).toEqual([]); // no temporary folder, no lock left
      const r = await cli("build", "--root", s.root, "--out", join(ro, "dist"));
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/EROFS: read-only file system/);
      expect(existsSync(join(ro, "dist"))).toBe(false);
    } finally {
      for (const m of mounted) spawnSync("umount", [m]);
      await s.done();
    }
  });
});

describe("one shape for every command", () => {
  it("lists --debug in every command's help, and shows import's --out as required", async () => {
    for (const command of ["init", "import", "dev", "build", "clean", "serve", "check-links"]) {
      const r = await cli(command, "--help");
      expect(r.code, command).toBe(0);
      expect(r.stdout, command).toMatch(/--debug\s+print the stack trace of a failure/);
    }
    const help = (await cli("import", "--help")).stdout;
    expect(help).toMatch(/^Usage: docsite import <docusaurus-dir> --out <dir> \[options\]$/m);
    expect(help).toMatch(/--out <dir>\s+the new docsite project folder, required/);
  });

  it("serve and check-links name the site by --root (its dist/), as build and dev do; --dir still works", async () => {
    const s = await site();
    try {
      expect((await cli("build", "--root", s.root)).code).toBe(0);
      const byRoot = await cli("check-links", "--root", s.root);
      expect(byRoot.code, byRoot.stderr).toBe(0);
      expect(byRoot.stdout).toMatch(/0 broken link\(s\)/);
      expect((await cli("check-links", "--dir", join(s.root, "dist"))).stdout).toBe(byRoot.stdout);
      const none = await cli("check-links", "--root", join(s.root, "nothing"));
      expect(none.code).toBe(1);
      expect(none.stderr).toContain("(its dist/)");
      expect(none.stderr).toContain("does not exist");
    } finally {
      await s.done();
    }
  });
});
