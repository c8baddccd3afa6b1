// Loads the project-islands chunk (project-islands.ts) on demand. A site without project islands bundles
// no-project-islands.ts in its place (cli/client/bundle.ts), so its runtime holds no trace of them: even an unused
// dynamic import would change how esbuild splits the runtime into chunks.
export const loadProjectIslands = () => import("./project-islands.ts");
