/**
 * Pages people read are documents; pages where people write are the app (DESIGN.md, principle
 * 6; decision 025). A route module declares that its page is part of the app with
 * `handle = appPage`: only then does the page load React Router's scripts and hydrate. Every
 * other page arrives complete from the server with a few small scripts of its own.
 */
export interface AppPageHandle {
  hydrate: true;
}

export const appPage: AppPageHandle = { hydrate: true };

/** Whether a matched route's `handle` asks for the page to hydrate. */
export function hydrates(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as Partial<AppPageHandle>).hydrate === true;
}

/**
 * The small scripts reading pages load (`app/reading-scripts/`, built with hashed names),
 * each by the component that needs it. None of them needs the framework; each only adds to
 * markup that works without it.
 */
export { readingScripts } from "virtual:reading-scripts";
