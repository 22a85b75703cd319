import packageJson from "../../package.json" with { type: "json" };

/** What is running: the package's version, and the commit the build was made from when it knew. */
export const buildInfo = {
  version: packageJson.version,
  commit: import.meta.env.COMMIT ?? undefined,
};
