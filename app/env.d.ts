interface ImportMetaEnv {
  /** The commit the build was made from, when known (scripts/build-commit.ts). */
  readonly COMMIT: string | null;
}
