import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import {
  freeImageSlotsOf,
  newImageSlots,
  shareImageSlots,
  takeImageSlot,
} from "~/.server/uploads/image-slots.ts";

/** Runs a thread that takes a slot and stops holding it; resolves with whether it got one, and its id. */
async function holdAndStop(slots: Int32Array): Promise<{ took: boolean; threadId: number }> {
  const worker = new Worker(new URL("../support/slot-holder.ts", import.meta.url), { workerData: slots });
  const { threadId } = worker;
  // Both listeners from the start: the thread may be gone by the time its message is read.
  const exited = new Promise((resolve) => worker.once("exit", resolve));
  const took = await new Promise<boolean>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  await exited;
  return { took, threadId };
}

describe("image processing slots", () => {
  it("are shared by the threads of a process, and freed when the thread holding one stops", async () => {
    const slots = newImageSlots();
    shareImageSlots(slots);
    const first = await holdAndStop(slots);
    expect(first.took).toBe(true);
    // Another thread, this one included, finds the slot taken.
    expect((await holdAndStop(slots)).took).toBe(false);
    expect(takeImageSlot()).toBeNull();
    freeImageSlotsOf(slots, first.threadId);
    const release = takeImageSlot();
    expect(release).not.toBeNull();
    expect((await holdAndStop(slots)).took).toBe(false);
    release?.();
    expect((await holdAndStop(slots)).took).toBe(true);
  });
});
