import type { Actor } from "../accounts/members.ts";
import type { Db } from "../db/database.ts";
import type {
  OwnersTwoStep,
  PostStatus,
  Publishing,
  Registration,
  Role,
  SubscriptionMail,
} from "../db/schema.ts";
import { inTransaction } from "../db/transaction.ts";
import { bumpContentVersion } from "../posts/posts.ts";
import { recordActivity } from "./activity.ts";

export interface SiteSettings {
  registration: Registration;
  publishing: Publishing;
  ownersTwoStep: OwnersTwoStep;
  subscriptionMail: SubscriptionMail;
}

/** Each setting as the activity log names it (an action is at most 32 characters). */
const settingNames = {
  registration: "registration",
  publishing: "publishing",
  ownersTwoStep: "two-step for owners",
  subscriptionMail: "subscribers' mail",
} as const;

/**
 * Where a save leaves a post: `Save draft` keeps it a draft; otherwise an author's post waits
 * for an owner while the site is in review mode (an edit of an approved post too, so nothing
 * unreviewed reaches the public), and owners' posts publish at once.
 */
export async function statusOnSave(
  db: Db,
  user: { role: Role },
  intent: "draft" | "publish",
): Promise<PostStatus> {
  if (intent === "draft") return "draft";
  if (user.role === "owner") return "published";
  return (await siteSettings(db)).publishing === "review" ? "review" : "published";
}

export async function siteSettings(db: Db): Promise<SiteSettings> {
  const { ownersNeedTwoStep, ...row } = await db
    .selectFrom("siteSettings")
    .select(["registration", "publishing", "ownersNeedTwoStep", "subscriptionMail"])
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return { ...row, ownersTwoStep: Number(ownersNeedTwoStep) === 1 ? "required" : "optional" };
}

/** Saves the settings; the register link in every cached page's navbar depends on them. */
export async function changeSettings(db: Db, actor: Actor, settings: SiteSettings): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await siteSettings(trx);
    const { ownersTwoStep, ...choices } = settings;
    await trx
      .updateTable("siteSettings")
      .set({ ...choices, ownersNeedTwoStep: ownersTwoStep === "required" ? 1 : 0 })
      .where("id", "=", 1)
      .execute();
    for (const [key, name] of Object.entries(settingNames) as [keyof SiteSettings, string][]) {
      if (before[key] !== settings[key])
        await recordActivity(trx, actor, `${name} ${settings[key]}`, "settings");
    }
    await bumpContentVersion(trx);
  });
}
