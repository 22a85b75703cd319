import { setRoleByEmail } from "~/.server/accounts/members.ts";
import type { Db } from "~/.server/db/database.ts";
import { manageNav } from "~/site/manage.ts";
import type { RoutePath } from "~/site/route-paths.ts";
import { runScript, type ScriptRun } from "./scripts.ts";

/** `npm run owner -- …` as the server's operator runs it, with only the given settings. */
export function ownerCommand(env: Record<string, string>, ...args: string[]): Promise<ScriptRun> {
  return runScript("owner.ts", env, ...args);
}

/** Makes an existing account an owner, as the command does (faster than starting it). */
export async function makeOwner(db: Db, email: string): Promise<void> {
  const result = await setRoleByEmail(db, email, "owner");
  if (!result.ok) throw new Error(`could not make ${email} an owner: ${result.message}`);
}

/** Every page an owner may open in the manage area: those its navigation lists, and the enquiries' export. */
export const managePages: RoutePath[] = [
  ...manageNav.map(({ href }) => href),
  "/manage/enquiries.csv",
  "/manage/subscribers.csv",
];
