import { useCallback, useEffect, useRef, useState } from "react";
import { href } from "react-router";
import type { AutosaveAnswer, OtherVersion, Versions } from "~/posts/versions.ts";

/** How long after the writer stops typing the editor saves on its own. */
export const autosaveDelayMs = 3000;

export type AutosaveStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; at: number }
  | { kind: "failed"; message: string };

interface AutosaveOptions {
  /** The editor's form element's id. */
  formId: string;
  /** The post being edited; undefined until a new post is first saved. */
  slug: string | undefined;
  /** The versions the editor started from (none for a new post); a new object only when they change. */
  versions: Versions | undefined;
  /** The form's values as one text: a change of it is a change to save. */
  snapshot: string;
  /** Whether the form may be saved now (a title, nothing invalid, no choice waiting, no save under way). */
  allowed: boolean;
  /** A save refused because another came first (the page's own, rendered on the server too). */
  conflict: OtherVersion | undefined;
}

const unreachable = "Not saved automatically: the site could not be reached. It tries again when you type.";

/**
 * Saves the editor's form on its own a few seconds after the last change (decision 038), one
 * request at a time, naming the versions it started from. A new post becomes a draft at its
 * first save, and the editor goes on with it (`slug`). Another save met in between stops it
 * with `conflict` until the writer chooses (`adopt`).
 */
export function useAutosave({
  formId,
  slug: initialSlug,
  versions: initial,
  snapshot,
  allowed,
  conflict: refused,
}: AutosaveOptions) {
  const [status, setStatus] = useState<AutosaveStatus>({ kind: "idle" });
  const [slug, setSlug] = useState(initialSlug);
  const [versions, setVersions] = useState(initial);
  const [conflict, setConflict] = useState(refused);
  useEffect(() => setConflict(refused), [refused]);
  // What the last save stored, and what is under way; refs, so the timer reads them as they are.
  const saved = useRef(snapshot);
  const current = useRef({ snapshot, slug, versions });
  current.current = { snapshot, slug, versions };
  const inFlight = useRef(false);
  // Set when the form is filled with what is stored (the writer took it): its next values are saved ones.
  const settling = useRef(false);
  useEffect(() => {
    if (!settling.current) return;
    saved.current = snapshot;
    settling.current = false;
  }, [snapshot]);

  // A save the page itself made (a manual save, a restored revision) starts from the new version.
  useEffect(() => {
    setVersions(initial);
    saved.current = current.current.snapshot;
  }, [initial]);

  const save = useCallback(async () => {
    const form = document.getElementById(formId);
    if (inFlight.current || !(form instanceof HTMLFormElement)) return;
    const sent = current.current;
    if (sent.snapshot === saved.current) return;
    const body = new FormData(form);
    body.set("intent", "draft");
    body.delete("coverFile");
    body.delete("slug");
    if (sent.versions) {
      body.set("basedOn", String(sent.versions.basedOn));
      body.set("pendingAt", sent.versions.pendingAt === null ? "" : String(sent.versions.pendingAt));
    }
    inFlight.current = true;
    setStatus({ kind: "saving" });
    try {
      const response = await fetch(
        sent.slug ? `/edit-post/${sent.slug}/autosave` : href("/create-post/autosave"),
        {
          method: "POST",
          body,
          redirect: "manual",
        },
      );
      const answer: AutosaveAnswer | undefined = response.headers.get("content-type")?.includes("json")
        ? await response.json()
        : undefined;
      if (answer?.saved) {
        saved.current = sent.snapshot;
        setSlug(answer.slug);
        setVersions({ basedOn: answer.basedOn, pendingAt: answer.pendingAt });
        setStatus({ kind: "saved", at: answer.savedAt });
      } else if (answer && "conflict" in answer) {
        setConflict(answer.conflict);
        setStatus({
          kind: "failed",
          message: "Not saved automatically: this post changed elsewhere. Choose a version above.",
        });
      } else {
        const message =
          answer && "error" in answer
            ? answer.error
            : response.type === "opaqueredirect"
              ? "Not saved automatically: you are signed out. Sign in again in another tab, then type on."
              : `Not saved automatically (the site answered ${response.status}). Save draft or Publish to save.`;
        setStatus({ kind: "failed", message });
      }
    } catch {
      setStatus({ kind: "failed", message: unreachable });
    } finally {
      inFlight.current = false;
    }
  }, [formId]);

  // Saves once the form has rested; typing again starts the wait again.
  const dirty = snapshot !== saved.current;
  const saving = status.kind === "saving";
  // biome-ignore lint/correctness/useExhaustiveDependencies: each change of the form restarts the wait
  useEffect(() => {
    if (!dirty || !allowed || conflict || saving) return;
    const timer = setTimeout(save, autosaveDelayMs);
    return () => clearTimeout(timer);
  }, [snapshot, dirty, allowed, conflict, saving, save]);

  // Leaving with work not saved asks first.
  useEffect(() => {
    if (!dirty && !saving) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty, saving]);

  /**
   * The writer chose: work on from these versions, keeping their own text (saved again over
   * what is stored) or taking what is stored (which the form is now being filled with).
   */
  const adopt = useCallback((chosen: Versions, choice: "mine" | "stored") => {
    setVersions(chosen);
    setConflict(undefined);
    setStatus({ kind: "idle" });
    if (choice === "mine") saved.current = "";
    else settling.current = true;
  }, []);

  return { status, slug, versions, conflict, adopt, saving };
}
