import type { ImageInfo } from "~/uploads/image-variants.ts";

/**
 * The versions a post editor works from, and what it is told when another save came first
 * (decision 032, decision 038): shared by the server's answers and the editor that reads them.
 */

/** The post's last save (`savedAt`), and the pending autosave the editor knows (a post not a draft). */
export interface Versions {
  basedOn: number;
  pendingAt: number | null;
}

/** A version of a post's text as stored: the post itself, or work kept on its own. */
export interface StoredWork {
  title: string;
  content: string;
  coverAlt: string;
  tags: string[];
  savedAt: number;
  /** Who saved it, when it is another person's pending autosave (a post's own save says nothing of who). */
  savedBy: string | null;
}

/** What is stored now, when it is not what the editor started from: shown beside the writer's own. */
export interface OtherVersion extends StoredWork, Versions {}

/** What an autosave request is answered (routes/autosave.ts). */
export type AutosaveAnswer =
  | ({ saved: true; slug: string; savedAt: number } & Versions)
  | { saved: false; conflict: OtherVersion }
  | { saved: false; error: string };

/** A pending autosave of a published post, offered when its editor opens. */
export interface PendingWork extends StoredWork {
  /** Its cover, when it is another than the post's and still kept. */
  cover: ImageInfo | null;
}

export const changedElsewhere =
  "This post was saved elsewhere (another tab or person) since you opened it, so nothing was saved. Both versions are shown below: keep yours or take theirs, then save again.";
