// Entry of the image encoder process when docsite runs from its sources: the process does not inherit the
// parent's tsx loader, so it registers it before loading the TypeScript module.
import { register } from "tsx/esm/api";

register();
await import("./encoder-main.ts");
