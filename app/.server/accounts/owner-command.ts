import { db } from "../db/index.ts";
import { prepareDatabase } from "../startup.ts";
import { listOwners, setRoleByEmail, userByEmail } from "./members.ts";
import { ownerTurnsOffTwoStep } from "./two-step.ts";

/** A mistake the person at the command line can correct; its message is one line. */
export class OwnerCommandRefusal extends Error {
  override name = "OwnerCommandRefusal";
}

const usage = "usage: npm run owner -- add EMAIL | remove EMAIL | list | two-step-off EMAIL";
const verbs = ["add", "remove", "list", "two-step-off"];

/** `npm run owner -- add|remove|list|two-step-off [EMAIL]`: the lines to print, or a refusal. */
export async function ownerCommand(args: string[]): Promise<string[]> {
  const [verb, email, ...rest] = args;
  if (rest.length > 0 || (verb === "list" ? email !== undefined : !email))
    throw new OwnerCommandRefusal(usage);
  if (!verbs.includes(verb as string)) throw new OwnerCommandRefusal(usage);
  await prepareDatabase();
  if (verb === "list") {
    const owners = await listOwners(db());
    if (owners.length === 0) return ["No owners yet: npm run owner -- add EMAIL"];
    return owners.map((owner) => `${owner.email}${owner.suspended ? " (suspended)" : ""}`);
  }
  const address = (email as string).toLowerCase();
  if (verb === "two-step-off") {
    const user = await userByEmail(db(), address);
    if (!user) throw new OwnerCommandRefusal(`No account has the e-mail address ${address}.`);
    if (!(await ownerTurnsOffTwoStep(db(), user.id, address)))
      throw new OwnerCommandRefusal(`${address} does not have two-step sign-in on.`);
    return [
      `Two-step sign-in is off for ${address}; their sessions have ended. They sign in with their password.`,
    ];
  }
  const result = await setRoleByEmail(db(), address, verb === "add" ? "owner" : "author");
  if (!result.ok) throw new OwnerCommandRefusal(result.message);
  return [verb === "add" ? `${address} is an owner.` : `${address} is no longer an owner.`];
}
