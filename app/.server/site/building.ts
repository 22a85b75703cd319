import { pageNameFor } from "~/content/pages.ts";
import {
  type BuildingDetails,
  buildingSchema,
  defaultBuilding,
  defaultShownBuilding,
  isPlaceholderEmail,
  type ShownBuilding,
  showBuilding,
} from "~/site/building.ts";
import type { Actor } from "../accounts/members.ts";
import { config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { inTransaction } from "../db/transaction.ts";
import { log } from "../log.ts";
import { bumpContentVersion } from "../posts/posts.ts";
import { recordActivity } from "./activity.ts";
import { pageFrontmatter } from "./page-frontmatter.ts";

/** The building's details as last saved, or the defaults of a new site. */
export async function buildingDetails(db: Db): Promise<BuildingDetails> {
  const row = await db.selectFrom("building").select("details").where("id", "=", 1).executeTakeFirst();
  if (!row) return defaultBuilding;
  const parsed = buildingSchema.safeParse(JSON.parse(row.details));
  if (parsed.success) return parsed.data;
  // Only the form writes the row, through the same schema; a row it would refuse was changed by hand.
  log().error(
    { issues: parsed.error.issues.length },
    "the saved building details are not valid; showing the defaults",
  );
  return defaultBuilding;
}

/** The profile pages among `hrefs` that are still a sample person's (their front matter says so). */
async function samplePages(hrefs: string[]): Promise<Set<string>> {
  const samples = new Set<string>();
  for (const href of hrefs) {
    const name = pageNameFor(href);
    if (name && (await pageFrontmatter(name)).sample) samples.add(href);
  }
  return samples;
}

/**
 * The building as every page shows it. Pages that need no database (the history pages) must
 * not fail with it: while it cannot be read they show the defaults, placeholders left out.
 */
export async function shownBuilding(db: Db): Promise<ShownBuilding> {
  let details: BuildingDetails;
  try {
    details = await buildingDetails(db);
  } catch {
    return defaultShownBuilding;
  }
  return showDetails(details);
}

/** The details as visitors see them, their sample profiles found from the pages' front matter. */
export async function showDetails(details: BuildingDetails): Promise<ShownBuilding> {
  return showBuilding(details, await samplePages(details.profiles.map(({ href }) => href)));
}

const sections = [
  "nameLine",
  "address",
  "map",
  "hours",
  "contacts",
  "enquiryTo",
  "social",
  "profiles",
] as const;

/**
 * Saves the details and logs which parts changed, in one transaction. The content version moves
 * with them, so every cached page on every instance is rendered afresh with the change.
 */
export async function changeBuilding(db: Db, actor: Actor, details: BuildingDetails): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await buildingDetails(trx);
    const changed = sections.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(details[key]));
    if (changed.length === 0) return;
    const row = { details: JSON.stringify(details), updatedAt: Date.now() };
    await trx
      .insertInto("building")
      .values({ id: 1, ...row })
      .onConflict((conflict) => conflict.column("id").doUpdateSet(row))
      .execute();
    await recordActivity(trx, actor, "changed building details", changed.join(", "));
    await bumpContentVersion(trx);
  });
}

export interface EnquiryRecipient {
  address: string;
  /** ENQUIRY_TO is set and wins over the saved address. */
  override: boolean;
  /** Still an example address: enquiries are kept for the owners, not sent. */
  placeholder: boolean;
}

/** Where leasing enquiries go: ENQUIRY_TO when set, else the address the owners saved. */
export function enquiryRecipient(details: BuildingDetails): EnquiryRecipient {
  const override = config().mail.enquiryToOverride;
  const address = override ?? details.enquiryTo;
  return { address, override: override !== undefined, placeholder: isPlaceholderEmail(address) };
}
