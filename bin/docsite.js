#!/usr/bin/env node
// Entry of the docsite CLI. The sources are TypeScript; tsx loads them without a separate compile step,
// so a fresh clone runs after `npm ci` alone.
import { register } from "tsx/esm/api";

// React picks its build when first loaded, so the mode is set before anything imports it: `build` renders with
// the production build (same HTML, 2–4× faster), `dev` keeps React's development build and its warnings.
// An explicit NODE_ENV wins.
process.env.NODE_ENV ??= process.argv[2] === "dev" ? "development" : "production";

register();
await import("../cli/main.ts");
