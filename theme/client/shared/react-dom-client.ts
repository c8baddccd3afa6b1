// `react-dom/client` for project islands (createRoot, hydrateRoot) over preact/compat.
export * from "preact/compat/client";
export { default } from "preact/compat/client";
