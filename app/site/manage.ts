import { z } from "../http/zod.ts";
import { slugPattern } from "../posts/slug.ts";
import type { RoutePath } from "./route-paths.ts";
import {
  ownersTwoStepChoices,
  publishingChoices,
  registrationChoices,
  subscriptionMailChoices,
} from "./site-settings.ts";

/** The manage area's pages, in the order its navigation lists them; add a page here. */
export const manageNav = [
  { label: "Overview", href: "/manage" },
  { label: "Posts", href: "/manage/posts" },
  { label: "Users", href: "/manage/users" },
  { label: "Building", href: "/manage/building" },
  { label: "Spaces", href: "/manage/spaces" },
  { label: "Settings", href: "/manage/settings" },
  { label: "Enquiries", href: "/manage/enquiries" },
  { label: "Subscribers", href: "/manage/subscribers" },
  { label: "Outbox", href: "/manage/outbox" },
  { label: "Activity", href: "/manage/activity" },
] as const satisfies { label: string; href: RoutePath }[];

/** Rows on each page of the manage area's tables. */
export const managePageSize = 50;

export const postActionSchema = z.object({
  intent: z.enum(["hide", "show", "approve"]),
  slug: z.string().regex(slugPattern),
});

export const userActionSchema = z.object({
  intent: z.enum(["suspend", "restore", "make-owner", "remove-owner", "approve-profile", "reject-profile"]),
  userId: z.string().min(1).max(255),
});

/** Requiring two-step sign-in of owners is refused to an owner who has not turned it on. */
export const ownTwoStepFirst =
  "Turn on two-step sign-in for your own account first (Your account, Two-step sign-in), then require it of owners.";

export const settingsSchema = z.object({
  registration: z.enum(registrationChoices),
  publishing: z.enum(publishingChoices),
  ownersTwoStep: z.enum(ownersTwoStepChoices).default("optional"),
  subscriptionMail: z.enum(subscriptionMailChoices).default("each"),
});

export const subscriberActionSchema = z.object({
  intent: z.literal("remove"),
  id: z.string().regex(/^[0-9a-f]{24}$/),
});

/** An enquiry's states, in the order the owners' filter lists them. */
export const enquiryStatuses = ["new", "answered", "archived"] as const;

export const enquiryActionSchema = z.object({
  id: z.string().min(1).max(64),
  status: z.enum(enquiryStatuses),
});

/**
 * A reply to an enquiry in the owner's own mail program. The address is percent-encoded
 * whole, so one typed as `a@b.example?bcc=c@d.example` stays one odd address and cannot add
 * recipients or headers.
 */
export function replyHref(address: string, subject: string): string {
  return `mailto:${encodeURIComponent(address).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}`;
}

export const unreadableAction = "This action could not be read. Reload the page and try again.";
