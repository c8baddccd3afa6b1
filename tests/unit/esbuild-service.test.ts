// esbuild's service is stopped once a build no longer needs it (cli/boot/esbuild-service.ts), never under a bundle
// that another build in the same process has under way: esbuild drops the requests of a service it stops, and their
// promises never settle (two builds in one process then hung).
import { describe, it, expect } from "vitest";
import { esbuildBuild, stopEsbuild } from "../../cli/boot/esbuild-service.ts";

const tiny = () =>
  esbuildBuild({ stdin: { contents: "export const x = 1;" }, write: false, format: "esm", logLevel: "silent" });

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)),
  ]);

describe("esbuild's service", () => {
  it("is not stopped under a bundle that started while the stop waited for the module", async () => {
    await tiny();
    // The bundle starts first; the stop, asked for in the same turn, must find it under way.
    const bundle = tiny();
    const stopped = stopEsbuild();
    const result = await within(bundle, 20_000);
    expect(result.outputFiles[0].text).toContain("x = 1");
    await stopped;
    // And the service starts again for the next one.
    expect((await within(tiny(), 20_000)).outputFiles).toHaveLength(1);
    await stopEsbuild();
  });
});
