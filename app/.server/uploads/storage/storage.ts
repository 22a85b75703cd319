/** Where processed images live. Callers see only this interface, never the backend. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes every object whose key starts with `folder/` (an image's variants). */
  remove(folder: string): Promise<void>;
  /** The object as a stream and its size, or null when there is none. */
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  /** Throws when the store cannot be used (a missing bucket, wrong credentials, an unwritable folder). */
  check(): Promise<void>;
  /** Where browsers can fetch the object directly, when the store is set up to be read that way. */
  publicUrl(key: string): string | null;
}
