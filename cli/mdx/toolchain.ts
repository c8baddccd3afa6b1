// Everything the MDX compile runs, in one module that compile.ts imports on first use.
export { compile as mdxCompile } from "@mdx-js/mdx";
export { default as remarkGfm } from "remark-gfm";
export { default as remarkDirective } from "remark-directive";
export { default as rehypeHighlight } from "rehype-highlight";
export { preprocess } from "./preprocess.ts";
export { remarkDocsite } from "./remark-docsite.ts";
export { rehypeCodeBlocks } from "./rehype-code.ts";
