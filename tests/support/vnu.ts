import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const jar = path.join(path.dirname(require.resolve("vnu-jar/package.json")), "build", "dist", "vnu.jar");

function javaAvailable(): boolean {
  try {
    execFileSync("java", ["-version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export const nuCheckerAvailable = existsSync(jar) && javaAvailable();

if (!nuCheckerAvailable) {
  const message =
    "The Nu HTML Checker needs Java: install it (Debian: apt-get install default-jre-headless).";
  if (process.env.CI) throw new Error(message);
  console.warn(`${message} Skipping HTML validation.`);
}

/** Errors the Nu HTML Checker finds in these files, one line each ("file: message"). */
export function htmlErrors(files: string[]): string[] {
  try {
    execFileSync("java", ["-jar", jar, "--errors-only", "--format", "gnu", ...files], { stdio: "pipe" });
    return [];
  } catch (error) {
    const output = String((error as { stderr?: Buffer }).stderr ?? error);
    return output.split("\n").filter((line) => line.includes("error"));
  }
}
