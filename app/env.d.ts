interface ImportMetaEnv {
  /** The commit the build was made from, when known (scripts/build-commit.ts). */
  readonly COMMIT: string | null;
}

declare module "virtual:reading-scripts" {
  /** The reading pages' small scripts (app/reading-scripts/), by name: each one's address. */
  export const readingScripts: { menus: string; copy: string; map: string };
}
