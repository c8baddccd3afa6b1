// The pieces behind an imported site's CSS toolchain and its CSP, one by one: which PostCSS plugins a Docusaurus
// plugin's configurePostCss adds (cli/import/map-css.ts), which islands put styles into pages in the browser
// (cli/islands/bundle.ts) and the policy that then allows inline styles (cli/emit/security-headers.ts).
import { describe, it, expect } from "vitest";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postcssOfPlugin } from "../../cli/import/map-css.ts";
import { injectsStyles } from "../../cli/islands/bundle.ts";
import { contentSecurityPolicy, headersFile, inlineCode } from "../../cli/emit/security-headers.ts";
import type { SiteConfig } from "../../cli/config/types.ts";

const config = () => ({ baseUrl: "/", search: { provider: "local" } }) as unknown as SiteConfig;

describe("a plugin's configurePostCss, read by the import", () => {
  it("finds the packages it requires, pushed or assigned, and a package its module imported", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docsite-postcss-plugin-"));
    try {
      await writeFile(
        join(dir, "tw.mjs"),
        'import tailwind from "@tailwindcss/postcss";\nimport path from "node:path";\n' +
          "export default function tw() {\n  return { name: 'tw', configurePostCss(o) { o.plugins.push(tailwind); return o; } };\n}\n",
      );
      expect(postcssOfPlugin(dir, "./tw.mjs")).toEqual(["@tailwindcss/postcss"]);
      const source =
        'function tailwindPlugin(context, options) {\n  return { name: "tailwind-plugin", configurePostCss(postcssOptions) {\n' +
        '    postcssOptions.plugins.push(require("tailwindcss"));\n    postcssOptions.plugins.push(require("autoprefixer/lib/x"));\n' +
        "    return postcssOptions; } };\n}";
      expect(postcssOfPlugin(dir, { $fn: "tailwindPlugin", $source: source })).toEqual(["tailwindcss", "autoprefixer"]);
      // A plugin without configurePostCss is not a PostCSS plugin's carrier.
      expect(postcssOfPlugin(dir, { $fn: "other", $source: "function other() { return { name: 'x' }; }" })).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("islands that put styles into the page", () => {
  it("a <style> element, markup holding one, a style attribute by name; not style properties", () => {
    expect(injectsStyles('var s=document.createElement("style");s.innerHTML=".typed-cursor{opacity:1}"')).toBe(true);
    expect(injectsStyles("inner='<style type=\"text/css\">.st0{fill-rule:evenodd}</style>'")).toBe(true);
    expect(injectsStyles('el.setAttribute("style","color:red")')).toBe(true);
    // A bundler's renamed helper (github-buttons, through jest's react-github-btn: createElement5("style", {…})).
    expect(injectsStyles('style=root.appendChild(createElement5("style",{type:"text/css"}))')).toBe(true);
    // preact's own style handling (CSSOM), and the tag name in a list of elements.
    expect(injectsStyles('if(e=="style")if(typeof n=="string")_.style.cssText=n;["strong","style","sub"]')).toBe(false);
  });

  it("the policy then allows inline styles without hashes (which would switch 'unsafe-inline' off); scripts keep theirs", () => {
    const page =
      '<html><head><script>mode()</script><style>a{}</style></head><body><p style="color:red">x</p></body></html>';
    const code = inlineCode([page]);
    const strict = contentSecurityPolicy(config(), code);
    expect(strict).toMatch(/style-src 'self' 'sha256-/);
    const loose = contentSecurityPolicy(config(), code, { inlineStyleFrom: ["src/components/Glow/index.jsx"] });
    expect(loose).toContain("style-src 'self' 'unsafe-inline';");
    expect(loose).toMatch(/script-src 'self' 'sha256-[^;]*;/);
    expect(loose).not.toMatch(/script-src[^;]*unsafe-inline/);
    const file = headersFile(config(), code, { inlineStyleFrom: ["src/components/Glow/index.jsx"] });
    expect(file).toContain("# style-src allows inline styles: src/components/Glow/index.jsx put styles");
  });
});
