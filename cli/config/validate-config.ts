// The site.config.json validator. From the sources, ajv compiles the schema when this module loads (and loads ajv's
// compiler); the CLI bundle holds this module as ajv's standalone code made from the same
// schema and options when the bundle is made (bin/cli-bundle.js), so a `docsite` process does neither.
import { Ajv, type ValidateFunction } from "ajv";
import schema from "./site-config.schema.json" with { type: "json" };

/** ajv's options; bin/cli-bundle.js compiles the bundle's copy with these (its test compares the two). */
export const AJV_OPTIONS = { allErrors: true, strict: false } as const;

const validate: ValidateFunction = new Ajv(AJV_OPTIONS).compile(schema);
export default validate;
