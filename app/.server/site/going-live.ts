import { href } from "react-router";
import { type BuildingDetails, hasPlaceholderContacts, type ShownBuilding } from "~/site/building.ts";
import { config } from "../config.ts";
import { enquiryRecipient } from "./building.ts";
import type { SiteSettings } from "./settings.ts";

/** One thing left to do before the site is shown to the public, and where to do it. */
export interface OpenPoint {
  text: string;
  /** The page that fixes it; absent when the fix is a server setting. */
  fix?: { href: string; label: string };
}

export interface SiteState {
  details: BuildingDetails;
  shown: ShownBuilding;
  settings: SiteSettings;
  /** When the newest good scheduled backup began, or null. */
  lastGoodBackup: Date | null;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * What `/manage` lists under "Before going live": each point stays until it is fixed. Backups
 * are known only when the server takes them itself (BACKUP_EVERY).
 */
export function beforeGoingLive(state: SiteState, now = Date.now()): OpenPoint[] {
  const { mail, publicUrl, backups } = config();
  const points: OpenPoint[] = [];
  const building = { href: href("/manage/building"), label: "Edit the building's details" };
  if (hasPlaceholderContacts(state.details))
    points.push({
      text: "Some contact details are still examples (.example addresses, 02 5550 numbers): pages leave them out.",
      fix: { ...building, href: `${href("/manage/building")}#contacts` },
    });
  const recipient = enquiryRecipient(state.details);
  if (recipient.placeholder)
    points.push(
      recipient.override
        ? {
            text: "ENQUIRY_TO is an example address: enquiries are kept here but not sent. Change it on the server.",
          }
        : {
            text: "Enquiries go to an example address: they are kept here but not sent.",
            fix: { ...building, href: `${href("/manage/building")}#enquiries` },
          },
    );
  if (!mail.smtpUrl)
    points.push({
      text: "No mail is sent: SMTP_URL is not set on the server, so messages wait in the outbox.",
      fix: { href: href("/manage/outbox"), label: "See the outbox" },
    });
  if (new URL(publicUrl).protocol !== "https:")
    points.push({
      text: "PUBLIC_URL is not an https:// address: canonical links, the sitemap and shared links use it. Set it on the server.",
    });
  const samples = state.shown.profiles.filter((profile) => profile.sample);
  if (samples.length > 0)
    points.push({
      text: `The footer links to sample profiles (${samples.map(({ name }) => name).join(", ")}).`,
      fix: { ...building, href: `${href("/manage/building")}#profiles` },
    });
  if (state.settings.registration === "open" && state.settings.publishing === "immediate")
    points.push({
      text: "Anyone can register and publish at once: close registration or have owners review posts.",
      fix: { href: href("/manage/settings"), label: "Change the settings" },
    });
  if (
    backups.everyMs !== undefined &&
    (!state.lastGoodBackup || now - state.lastGoodBackup.getTime() > dayMs)
  )
    points.push({
      text: "No backup has been made in the last day.",
      fix: { href: `${href("/manage")}#backups-heading`, label: "See the backups" },
    });
  return points;
}
