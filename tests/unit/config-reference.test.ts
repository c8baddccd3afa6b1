// The configuration reference (docs/config.md) and the schema editors read are one text: every setting of
// cli/config/site-config.schema.json has a description, and docs/config.md is what scripts/config-reference.ts makes
// of the schema, so neither can fall behind the other.
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import {
  configReference,
  REFERENCE_FILE,
  SCHEMA_FILE,
  settingsOf,
  type SchemaNode,
} from "../../scripts/config-reference.ts";

const schema = JSON.parse(readFileSync(SCHEMA_FILE, "utf8")) as SchemaNode;

describe("the configuration reference", () => {
  it("describes every setting of the schema", () => {
    const settings = settingsOf(schema);
    expect(settings.length).toBeGreaterThan(130);
    expect(settings.filter((s) => !s.node.description?.trim()).map((s) => s.path)).toEqual([]);
  });

  it("finds a setting without a description", () => {
    const bare = structuredClone(schema);
    bare.properties!.extraSetting = { type: "string" };
    expect(
      settingsOf(bare)
        .filter((s) => !s.node.description)
        .map((s) => s.path),
    ).toEqual(["extraSetting"]);
  });

  it("is docs/config.md, made from the schema (npx tsx scripts/config-reference.ts writes it)", () => {
    expect(readFileSync(REFERENCE_FILE, "utf8")).toBe(configReference(schema));
  });

  it("gives each setting its type, default and example", () => {
    const text = configReference(schema);
    expect(text).toContain('| `colorMode.defaultMode` | "light" \\| "dark" \\| "system" | `"light"` |');
    expect(text).toContain("| `i18n.localeConfigs.<locale>.label` | string |");
    expect(text).toMatch(/\| `navbar\.items\[\]\.type` \| string \| required \|/);
    expect(text).toContain("// blog.postsPerPage\n20");
  });
});
