import { randomUUID } from "node:crypto";
import { constants, createReadStream } from "node:fs";
import { access, mkdir, open, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { Storage } from "./storage.ts";

/** Flushes a folder's entries (a new or renamed file's name) to disk. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes a whole file and flushes it to disk before returning. */
async function writeDurably(file: string, body: Buffer): Promise<void> {
  const handle = await open(file, "wx");
  try {
    await handle.writeFile(body);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Files under one directory; keys are relative paths checked never to leave it. */
export function localStorage(root: string): Storage {
  const base = path.resolve(root);
  const resolve = (key: string) => {
    const file = path.resolve(base, key);
    if (!file.startsWith(`${base}${path.sep}`)) throw new Error(`storage key outside the store: ${key}`);
    return file;
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      const folder = path.dirname(file);
      const created = await mkdir(folder, { recursive: true });
      // Written under a name no other call uses (threads share the process id), flushed, then
      // renamed: a reader never sees half a file, and once the image's row commits, its files
      // survive a power cut.
      const partial = `${file}.${randomUUID()}.partial`;
      try {
        await writeDurably(partial, body);
        await rename(partial, file);
      } catch (error) {
        await unlink(partial).catch(() => {});
        throw error;
      }
      await syncFolder(folder);
      if (created) {
        // Each folder made just now is a new entry in its parent, which needs flushing too.
        for (let made = folder; made !== path.dirname(created); made = path.dirname(made)) {
          await syncFolder(path.dirname(made));
        }
      }
    },
    async remove(folder) {
      await rm(resolve(folder), { recursive: true, force: true });
    },
    async get(key) {
      const file = resolve(key);
      try {
        const { size } = await stat(file);
        return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size };
      } catch {
        return null;
      }
    },
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
    publicUrl() {
      return null;
    },
  };
}
