// `react` and `react-dom` for project islands (cli/islands/bundle.ts): preact/compat, the same instance the runtime
// hydrates with, loaded once and shared by every island of a page. Only sites with islands build it.
// @ts-expect-error: preact/compat is typed with `export =`; its ES module has these named exports
export * from "preact/compat";
export { default } from "preact/compat";
