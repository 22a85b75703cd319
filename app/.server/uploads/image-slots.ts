import { threadId } from "node:worker_threads";
import { singleton } from "../singleton.ts";

/**
 * How many images this process decodes and encodes at once, all threads together. One image
 * keeps a core busy and holds up to ~200 MB of pixels (40 megapixels, decoded); the other
 * cores answer pages and hash passwords.
 */
const imageSlotCount = 1;

/** Each slot holds the id (plus one) of the thread processing an image in it, or 0 when free. */
export function newImageSlots(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(imageSlotCount * Int32Array.BYTES_PER_ELEMENT));
}

const holder = threadId + 1;

/** The slots this thread takes from: the process's, shared by every thread, once startApp has them. */
function slots(shared?: Int32Array): Int32Array {
  return singleton("imageSlots", () => shared ?? newImageSlots());
}

/** Called once at start with the slots the first thread made for the whole process. */
export function shareImageSlots(shared: Int32Array): void {
  slots(shared);
}

/** Takes a free slot and returns what gives it back, or null when every slot is taken. */
export function takeImageSlot(): (() => void) | null {
  const all = slots();
  for (let index = 0; index < all.length; index++) {
    if (Atomics.compareExchange(all, index, 0, holder) === 0) {
      return () => void Atomics.compareExchange(all, index, holder, 0);
    }
  }
  return null;
}

export function imageSlotFree(): boolean {
  return slots().some((slot) => slot === 0);
}

const pollMs = 50;

/** Waits for a free slot, then takes it. */
export async function waitForImageSlot(): Promise<() => void> {
  for (;;) {
    const release = takeImageSlot();
    if (release) return release;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Frees what a thread that stopped still held (it can no longer give its slots back itself). */
export function freeImageSlotsOf(shared: Int32Array, stoppedThreadId: number): void {
  for (let index = 0; index < shared.length; index++) {
    Atomics.compareExchange(shared, index, stoppedThreadId + 1, 0);
  }
}
