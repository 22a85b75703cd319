import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";

export const megabyte = 1024 * 1024;

/** Inputs longer than this (a cookie may be 16 KB) are remembered by their SHA-256. */
const longestKey = 64;

function keyOf(input: string): string {
  return input.length <= longestKey ? input : createHash("sha256").update(input).digest("base64url");
}

/**
 * What an answer weighs: the text it holds, the memory its bytes are in (a view into a larger
 * block keeps all of it), anything else a pointer's worth.
 */
function weightOf(answer: unknown): number {
  if (typeof answer === "string") return answer.length * 2;
  if (answer instanceof Uint8Array) return answer.buffer.byteLength;
  return 8;
}

/**
 * A memo of a function's answers for work that is asked again and again with the same input
 * (a cookie's signature, a path's route), where visitors can make up any number of other
 * inputs: bounded by the bytes its keys and answers hold, least recently used forgotten first.
 */
export function remembered<V>(maxBytes: number, compute: (input: string) => V): (input: string) => V {
  const answers = new LRUCache<string, { answer: V }>({
    maxSize: maxBytes,
    sizeCalculation: (entry, key) => 1 + key.length * 2 + weightOf(entry.answer),
  });
  return (input) => {
    const key = keyOf(input);
    const known = answers.get(key);
    if (known) return known.answer;
    const answer = compute(input);
    answers.set(key, { answer });
    return answer;
  };
}
