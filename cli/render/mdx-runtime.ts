// Runs compiled MDX on the server: the JSX runtime plus the `docsite` object that rewritten imports call
// (see cli/mdx/remark-imports.ts): theme and Docusaurus modules, and compiled partials.
import { createElement as h, type ComponentType } from "react";
import * as jsxRuntime from "react/jsx-runtime";
import { run } from "@mdx-js/mdx";
import { mdxComponents } from "../../theme/mdx/components.tsx";
import { themeModule, docusaurusModule, Details } from "../../theme/mdx/docusaurus.tsx";

export interface RuntimeSite {
  baseUrl: string;
  title: string;
  url: string;
}

/** Components every page gets without importing them (docsite's and Docusaurus' defaults). */
export const pageComponents = { ...mdxComponents, Details, details: Details };

type MdxModule = { default: ComponentType<{ components?: object }> };

export function runMdx(code: string, site: RuntimeSite): Promise<MdxModule> {
  const partials = new Map<string, Promise<{ default: ComponentType<object> }>>();
  const docsite = {
    theme: (name: string) => themeModule(name),
    docusaurus: (name: string) => docusaurusModule(name, site),
    partial(partialCode: string) {
      let p = partials.get(partialCode);
      if (!p) {
        p = runMdx(partialCode, site).then((m) => {
          const Content = m.default;
          // A partial sees the same components as its page, and the props it is given.
          const Partial = (props: object) => h(Content, { components: pageComponents, ...props });
          return { default: Partial };
        });
        partials.set(partialCode, p);
      }
      return p;
    },
  };
  return run(code, { ...(jsxRuntime as any), baseUrl: import.meta.url, docsite }) as Promise<MdxModule>;
}

/** Names the theme provides to content, for the build's check of undefined components. */
export const knownComponentNames = new Set(Object.keys(pageComponents));
