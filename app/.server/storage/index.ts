import { config } from "../config.ts";
import { singleton } from "../singleton.ts";
import { localStorage } from "./local.ts";

/** Where processed images live. Callers see only this interface, never the backend. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object as a stream and its size, or null when there is none. */
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  /** Removes every object whose key starts with `prefix`. */
  removeAll(prefix: string): Promise<void>;
}

export function storage(): Storage {
  return singleton("storage", () => localStorage(`${config().dataDir}/images`));
}
