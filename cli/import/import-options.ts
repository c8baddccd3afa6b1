// The options of `docsite import`, in a module of their own: the command (index.ts) and its steps
// (read-config.ts, write-sidebars.ts) read them, and a step may not import the command (no import cycle).

export interface ImportOptions {
  /** Write into an existing output folder. */
  force?: boolean;
  /** When the config cannot be evaluated, import what its text gives instead of failing. */
  allowPartialConfig?: boolean;
  /** How long evaluating the config (and each sidebars file) may take. */
  configTimeoutMs?: number;
}
