// A larger V8 interrupt budget while many pages compile. A function is optimised by TurboFan once it has run
// through its interrupt budget a few times; a cold compile had TurboFan compile many functions on V8's helper
// threads, whose CPU the build's own threads need on two cores. With a budget about six times V8's, only the hottest
// functions are optimised and the rest run as baseline code. Raised for the whole build, it made the render and the
// search index slower (React's code in the main thread optimised later), so V8's budget is restored when the compile
// ends. Set for Node 20's V8 (11.3), whose default it restores; other V8 versions keep theirs. Figures: docs/speed.md.
import { setFlagsFromString } from "node:v8";

/** The budget while pages compile (bytes of bytecode run between two tiering checks). */
const COMPILE_INTERRUPT_BUDGET = 400_000;
/** V8 11.3's default (`node --v8-options`), restored after the compile. */
export const V8_INTERRUPT_BUDGET = 67_584;

const MEASURED_V8 = /^11\.3\./;
let raised = 0;

/**
 * Runs `compile` with the compile's interrupt budget. Left alone: another V8 version, or a budget node was started
 * with (`node --interrupt-budget=… bin/docsite.js build`). Overlapping calls restore the budget when the last ends.
 */
export async function withCompileBudget<T>(
  compile: () => Promise<T>,
  execArgv = process.execArgv,
  v8Version = process.versions.v8,
): Promise<T> {
  if (!MEASURED_V8.test(v8Version) || execArgv.some((a) => a.startsWith("--interrupt-budget"))) return compile();
  if (raised++ === 0) setFlagsFromString(`--interrupt-budget=${COMPILE_INTERRUPT_BUDGET}`);
  try {
    return await compile();
  } finally {
    if (--raised === 0) setFlagsFromString(`--interrupt-budget=${V8_INTERRUPT_BUDGET}`);
  }
}
