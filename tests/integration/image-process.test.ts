import type { Serializable } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { config } from "~/.server/config.ts";
import { processUpload } from "~/.server/uploads/images.ts";
import { reserveUpload } from "~/.server/uploads/upload-quota.ts";
import { dialects, type TestDatabase } from "../support/databases.ts";
import { photoJpeg } from "../support/images.ts";

/**
 * What befalls the image processes started meanwhile: killed as soon as they have been sent
 * their image, or never sent it (so they wait, as a stuck one would).
 */
const mishap = vi.hoisted(() => ({ now: undefined as "killed" | "stuck" | undefined }));

vi.mock("node:child_process", async (original) => {
  const actual = await original<typeof import("node:child_process")>();
  return {
    ...actual,
    fork(...args: Parameters<typeof actual.fork>) {
      const child = actual.fork(...args);
      const send = child.send.bind(child);
      if (mishap.now === "killed")
        child.send = ((message: Serializable) =>
          send(message, () => child.kill("SIGKILL"))) as typeof child.send;
      if (mishap.now === "stuck") child.send = (() => true) as typeof child.send;
      return child;
    },
  };
});

const sqlite = dialects[0] as (typeof dialects)[number];

describe("an image process that fails", () => {
  let t: TestDatabase;
  let photo: Buffer;
  let imagesDir: string;

  beforeAll(async () => {
    process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "wm-image-process-"));
    imagesDir = path.join(config().dataDir, "images");
    photo = await photoJpeg(1600, 1200);
    t = await sqlite.open();
  });
  afterAll(async () => {
    mishap.now = undefined;
    await t?.close();
  });

  const reserve = async (id: string) =>
    expect(
      await reserveUpload(t.db, { id, userId: "writer", bytes: photo.length }, config().unusedImageGraceMs),
    ).toBeNull();

  it("when it dies, leaves nothing stored, says what happened, and the next image is processed", async () => {
    await reserve("killed");
    mishap.now = "killed";
    await expect(processUpload(t.db, "killed", photo, "writer")).rejects.toThrow(
      "the image process stopped (SIGKILL) before it answered",
    );
    mishap.now = undefined;
    expect(existsSync(path.join(imagesDir, "killed"))).toBe(false);
    expect(await t.db.selectFrom("images").selectAll().execute()).toEqual([]);
    // A failed upload no longer counts against its user.
    expect(await t.db.selectFrom("uploads").selectAll().execute()).toEqual([]);

    await reserve("next");
    expect(await processUpload(t.db, "next", photo, "writer")).toEqual({
      id: "next",
      width: 1600,
      height: 1200,
      fallback: "jpeg",
    });
    expect(existsSync(path.join(imagesDir, "next", "1260.avif"))).toBe(true);
  });

  it("when it is stuck, is stopped after 60 s with an error saying so", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await reserve("stuck");
      mishap.now = "stuck";
      const processing = processUpload(t.db, "stuck", photo, "writer");
      const outcome = expect(processing).rejects.toThrow(
        "the image process was stopped after 60 s before it answered",
      );
      await vi.advanceTimersByTimeAsync(60_000);
      await outcome;
      expect(existsSync(path.join(imagesDir, "stuck"))).toBe(false);
    } finally {
      mishap.now = undefined;
      vi.useRealTimers();
    }
  });
});
