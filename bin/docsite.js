#!/usr/bin/env node
// Entry of the docsite CLI. The sources are TypeScript; tsx loads them without a separate compile step,
// so a fresh clone runs after `npm ci` alone.
import { register } from "tsx/esm/api";

register();
await import("../cli/main.ts");
