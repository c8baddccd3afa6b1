// Entry of a build worker thread. Worker threads do not inherit the main thread's tsx loader, so the worker
// registers it before loading the TypeScript task module.
import { register } from "tsx/esm/api";

register();
const tasks = await import("./worker.ts");
export default tasks.runTask;
