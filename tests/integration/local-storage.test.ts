import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";

const bytes = 1024 * 1024;

function writer(root: string, fill: number): Promise<string[]> {
  const worker = new Worker(new URL("../support/storage-writer.ts", import.meta.url), {
    workerData: { root, key: "same-image/400.webp", fill, bytes, rounds: 40 },
  });
  return new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

describe("image files on local disk", () => {
  it("lets two threads of one process write the same variant at once: whole files, no errors, nothing left over", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "wm-store-"));
    const errors = await Promise.all([writer(root, 1), writer(root, 2)]);
    expect(errors.flat()).toEqual([]);
    expect(readdirSync(path.join(root, "same-image"))).toEqual(["400.webp"]);
    const stored = readFileSync(path.join(root, "same-image", "400.webp"));
    expect(stored.length).toBe(bytes);
    expect([...new Set(stored)]).toHaveLength(1);
  });
});
