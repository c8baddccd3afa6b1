// Site-wide context: interface strings and layout data. Hooks fail loudly outside the provider, because a
// component rendered outside it would silently show raw keys.
import { createContext, useContext, type ReactNode } from "react";
import type { LayoutData } from "./types.ts";

export interface Translator {
  locale: string;
  t(key: string, values?: Record<string, string | number>): string;
}

interface SiteContextValue {
  i18n: Translator;
  layout: LayoutData;
}

const SiteContext = createContext<SiteContextValue | null>(null);

export function SiteProvider(props: SiteContextValue & { children: ReactNode }) {
  return (
    <SiteContext.Provider value={{ i18n: props.i18n, layout: props.layout }}>{props.children}</SiteContext.Provider>
  );
}

function useSiteContext(hook: string): SiteContextValue {
  const ctx = useContext(SiteContext);
  if (!ctx)
    throw new Error(
      `${hook}() was called outside <SiteProvider>. Render the component inside the page layout (theme/layout/Layout.tsx) or wrap it in <SiteProvider>.`,
    );
  return ctx;
}

export const useT = () => useSiteContext("useT").i18n.t;
export const useLocale = () => useSiteContext("useLocale").i18n.locale;
export const useLayout = () => useSiteContext("useLayout").layout;

/** The layout data when rendered inside the provider, else undefined (Docusaurus-compatible hooks of content). */
export const useOptionalLayout = (): LayoutData | undefined => useContext(SiteContext)?.layout;

/** The site context when there is one (the server's render), else null (an island hydrating in the browser). */
export const useOptionalSite = (): SiteContextValue | null => useContext(SiteContext);
