// A page's title and description rules moved to cli/mdx/page-meta.ts (the compile's warnings use them, and cli/mdx/
// is below cli/routes/). Kept for the importer in cli/dev/, which is being restructured elsewhere: point it at
// cli/mdx/page-meta.ts and remove this file.
export { contentTitle, firstParagraph, sourceHeading } from "../mdx/page-meta.ts";
