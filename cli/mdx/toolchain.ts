// The MDX compiler and the packages behind it (micromark, highlight.js…), in one module that compile.ts imports
// on first use: a build whose pages all come from the cache never loads them.
export { compile as mdxCompile } from "@mdx-js/mdx";
export { default as remarkGfm } from "./remark-gfm.ts";
export { default as remarkDirective } from "remark-directive";
export { default as rehypeRaw } from "rehype-raw";
export { rehypeHighlightCached } from "./rehype-highlight-cached.ts";
export { preprocess } from "./preprocess.ts";
export { remarkDocsite } from "./remark-docsite.ts";
export { remarkEmoji } from "./remark-emoji.ts";
export { rehypeCodeBlocks } from "./rehype-code.ts";
export { remarkCodeMagic } from "./code-magic.ts";
export { remarkImports } from "./remark-imports.ts";
export { remarkSummary } from "./remark-summary.ts";
export { rehypeImages } from "./rehype-images.ts";
export { rehypePlainHtml } from "./react-html.ts";
export { rehypeInlineCode } from "./rehype-inline-code.ts";
export { remarkSharedParse } from "./shared-parse.ts";
