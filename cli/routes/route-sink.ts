// Where the route table's passes put their routes: one route per path, the first one kept and a later one reported.
import type { SiteConfig } from "../config/types.ts";
import { stripLocale } from "../content/paths.ts";
import type { Route } from "./types.ts";

export interface RouteSink {
  routes: Route[];
  byPath: Map<string, Route>;
  add: (r: Route) => void;
  /** A path's key: the path without its locale prefix. */
  keyOf: (path: string) => string;
}

export function routeSink(config: SiteConfig, onDuplicate: (msg: string) => void): RouteSink {
  const routes: Route[] = [];
  const byPath = new Map<string, Route>();
  const add = (r: Route) => {
    const prev = byPath.get(r.path);
    if (prev) {
      onDuplicate(`duplicate route ${r.path}: ${prev.origin} and ${r.origin}; the first one is kept`);
      return;
    }
    byPath.set(r.path, r);
    routes.push(r);
  };
  return { routes, byPath, add, keyOf: (path) => stripLocale(config, path).rest };
}
