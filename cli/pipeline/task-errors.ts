// Errors across the worker-thread boundary: sent as plain data, rebuilt on the main thread, so a DocsiteError
// keeps its file, line and hint.
import { DocsiteError } from "../log.ts";

interface SerializedError {
  message: string;
  where?: DocsiteError["where"];
  hint?: string;
  stack?: string;
  docsite: boolean;
}
export type WorkerResult<T> = { ok: true; value: T } | { ok: false; error: SerializedError };

export const serializeError = (err: unknown): SerializedError =>
  err instanceof DocsiteError
    ? { message: err.message, where: err.where, hint: err.hint, docsite: true }
    : { message: (err as Error)?.message ?? String(err), stack: (err as Error)?.stack, docsite: false };

export function reviveError(e: SerializedError): Error {
  if (e.docsite) return new DocsiteError(e.message, e.where, e.hint);
  const err = new Error(e.message);
  if (e.stack) err.stack = e.stack;
  return err;
}
