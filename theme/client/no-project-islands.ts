// Stands in for project-islands-loader.ts on a site without project islands (cli/client/bundle.ts).
export const loadProjectIslands = (): Promise<typeof import("./project-islands.ts")> =>
  Promise.reject(new Error("this site has no project islands"));
