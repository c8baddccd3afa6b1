// `@docusaurus/plugin-content-docs/client` and the docs plugin's global data, in Docusaurus' shapes, from the docs
// versions of site.config.json. A page's own version is known on both sides (page-state.ts), so the active-version
// hooks answer the same on the server and while an island hydrates. The docs of each version are not listed: the
// config does not hold them (the content does, and it is not baked into islands).
import { createContext, createElement, useContext, useMemo, useState, type ReactNode } from "react";
import { useAfterMount, usePageDocsVersion } from "./page-state.ts";
import type { SiteData } from "./site-data.ts";
import {
  findFirstSidebarItemLink,
  findSidebarCategory,
  isActiveSidebarItem,
  isVisibleSidebarItem,
  type SidebarItem,
} from "./sidebar-helpers.ts";

const DOCS_PLUGIN = "docusaurus-plugin-content-docs";

interface GlobalVersion {
  name: string;
  label: string;
  isLast: boolean;
  path: string;
  mainDocId: string;
  docs: Array<{ id: string; path: string; sidebar?: string }>;
  draftIds: string[];
  sidebars: Record<string, unknown>;
}

interface GlobalPluginData {
  path: string;
  versions: GlobalVersion[];
  breadcrumbs: boolean;
}

// One object per site data, so hooks give the same version objects (`versions.find(…) === useLatestVersion()`).
const made = new WeakMap<SiteData, Record<string, GlobalPluginData>>();

/** The docs plugin's global data by plugin id, as Docusaurus' `setGlobalData` makes it. */
export function docsDataOf(site: SiteData): Record<string, GlobalPluginData> {
  let data = made.get(site);
  if (!data) {
    data = {};
    for (const v of site.docsVersions ?? []) {
      const plugin = (data[v.pluginId] ??= {
        path: site.docsPaths?.[v.pluginId] ?? v.path,
        versions: [],
        breadcrumbs: site.docsBreadcrumbs ?? true,
      });
      plugin.versions.push({
        name: v.name,
        label: v.label,
        isLast: v.isLast,
        path: v.path,
        mainDocId: v.mainDocId,
        docs: [],
        draftIds: [],
        sidebars: {},
      });
    }
    made.set(site, data);
  }
  return data;
}

/** Docusaurus' global data (useGlobalData): the docs plugin's; Docusaurus' blog and pages plugins publish none. */
export function globalDataOf(site: SiteData): Record<string, unknown> {
  const docs = docsDataOf(site);
  return Object.keys(docs).length ? { [DOCS_PLUGIN]: docs } : {};
}

interface ExpandedState {
  expandedItem: number | null;
  setExpandedItem: (index: number | null) => void;
}

// Which category of one sidebar list is open, for `docs.sidebar.autoCollapseCategories` (Docusaurus' own context).
// One module-level context: the server's modules and an island chunk's each read the one their bundle holds.
const ExpandedStateContext = createContext<ExpandedState | null>(null);

/** Docusaurus' DocSidebarItemsExpandedStateProvider: the open category of the list it wraps. */
export function DocSidebarItemsExpandedStateProvider({ children }: { children?: ReactNode }) {
  const [expandedItem, setExpandedItem] = useState<number | null>(null);
  const value = useMemo(() => ({ expandedItem, setExpandedItem }), [expandedItem]);
  return createElement(ExpandedStateContext.Provider, { value }, children);
}

const noExpandedState: ExpandedState = { expandedItem: null, setExpandedItem: () => {} };

/** The list's open category; outside a provider (a category drawn on its own) none, and setting it does nothing. */
export const useDocSidebarItemsExpandedState = (): ExpandedState => useContext(ExpandedStateContext) ?? noExpandedState;

/** `@docusaurus/plugin-content-docs/client` (the hooks that read the page's sidebar are added on the server). */
export function docsClientModule(site: SiteData): Record<string, unknown> {
  const all = () => docsDataOf(site);
  const useDocsData = (pluginId?: string) => {
    const data = all()[pluginId ?? "default"];
    if (!data)
      throw new Error(
        `useDocsData: the site has no docs plugin with id "${pluginId ?? "default"}" (it has ${Object.keys(all()).join(", ") || "none"})`,
      );
    return data;
  };
  const latestOf = (pluginId?: string) => {
    const versions = useDocsData(pluginId).versions;
    return versions.find((v) => v.isLast) ?? versions[0];
  };
  const useActivePlugin = () => {
    const page = usePageDocsVersion();
    const data = page && all()[page.pluginId];
    return data ? { pluginId: page.pluginId, pluginData: data } : undefined;
  };
  /** The page's version when the page is a doc of that plugin, else undefined (as Docusaurus on other pages). */
  const useActiveVersion = (pluginId?: string) => {
    const page = usePageDocsVersion();
    if (!page || page.pluginId !== (pluginId ?? page.pluginId)) return undefined;
    return all()[page.pluginId]?.versions.find((v) => v.name === page.name);
  };
  const useDocsVersion = () => {
    const page = usePageDocsVersion();
    const version = page && all()[page.pluginId]?.versions.find((v) => v.name === page.name);
    if (!page || !version)
      throw new Error("useDocsVersion is used outside a docs page: use useActiveVersion(), which may be undefined");
    return {
      pluginId: page.pluginId,
      version: version.name,
      label: version.label,
      isLast: version.isLast,
      banner: null,
      badge: false,
      noIndex: false,
      className: `docs-version-${version.name}`,
      docsSidebars: {},
      docs: {},
    };
  };
  const useDocsPreferredVersion = (pluginId = "default") => {
    const key = `docs-preferred-version-${pluginId}`;
    const name = useAfterMount<string | null>(null, () => {
      try {
        return localStorage.getItem(key);
      } catch {
        return null;
      }
    });
    return {
      preferredVersion: all()[pluginId]?.versions.find((v) => v.name === name) ?? null,
      savePreferredVersionName: (versionName: string) => {
        try {
          localStorage.setItem(key, versionName);
        } catch {
          // storage unavailable: nothing is remembered
        }
      },
    };
  };
  const passThrough = ({ children }: { children?: ReactNode }) => children ?? null;
  return {
    useAllDocsData: all,
    useDocsData,
    useActivePlugin,
    useActivePluginAndVersion: () => {
      const activePlugin = useActivePlugin();
      const activeVersion = useActiveVersion(activePlugin?.pluginId);
      return activePlugin ? { activePlugin, activeVersion } : undefined;
    },
    useVersions: (pluginId?: string) => useDocsData(pluginId).versions,
    useLatestVersion: latestOf,
    useActiveVersion,
    useActiveDocContext: (pluginId?: string) => ({
      activeVersion: useActiveVersion(pluginId),
      activeDoc: undefined,
      alternateDocVersions: {},
    }),
    useDocVersionSuggestions: (pluginId?: string) => ({
      latestVersionSuggestion: latestOf(pluginId),
      latestDocSuggestion: undefined,
    }),
    useDocsVersion,
    DocsVersionProvider: passThrough,
    DocsSidebarProvider: passThrough,
    useDocsPreferredVersion,
    isDocsPluginEnabled: Object.keys(all()).length > 0,
    // The sidebar helpers and hooks Docusaurus 3.5+ exports here (theme-common/internal has them too).
    findSidebarCategory,
    findFirstSidebarItemLink,
    isActiveSidebarItem,
    isVisibleSidebarItem,
    useVisibleSidebarItems: (items: SidebarItem[], activePath: string) =>
      items.filter((i) => isVisibleSidebarItem(i, activePath)),
    useDocsVersionCandidates: (pluginId?: string) => {
      const active = useActiveVersion(pluginId);
      const latest = latestOf(pluginId);
      return [...new Set([active, latest].filter(Boolean))];
    },
    filterDocCardListItems: <T extends { unlisted?: boolean }>(items: T[]) => items.filter((i) => !i.unlisted),
    DocSidebarItemsExpandedStateProvider,
    useDocSidebarItemsExpandedState,
    useDocsPreferredVersionByPluginId: () => ({}),
    DocsPreferredVersionContextProvider: passThrough,
    getDocsVersionSearchTag: (pluginId: string, versionName: string) => `docs-${pluginId}-${versionName}`,
    useDocsContextualSearchTags: () => {
      const page = usePageDocsVersion();
      return page ? [`docs-${page.pluginId}-${page.name}`] : [];
    },
  };
}
