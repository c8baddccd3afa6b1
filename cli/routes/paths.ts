// The URL shapes moved to cli/content/paths.ts (the compile needs them, and cli/mdx/ is below cli/routes/). Kept for
// the importers in cli/pipeline/ and cli/dev/, which are being restructured elsewhere: point them at
// cli/content/paths.ts and remove this file.
export { outputFileOf } from "../content/paths.ts";
