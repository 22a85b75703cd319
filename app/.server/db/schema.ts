import type { ColumnType, Generated } from "kysely";
import type { ownersTwoStepChoices, publishingChoices, registrationChoices } from "~/site/site-settings.ts";

/** Where a post stands; only published posts can be public (see posts.ts `listedPublicly`). */
export type PostStatus = "published" | "draft" | "review";

/** Times are stored as milliseconds since the epoch in both dialects. */
export interface PostsTable {
  slug: string;
  title: string;
  content: string;
  /** When the post first went public, and stays so; for a post not yet public, its last save or its moment. */
  publishedOn: number;
  /** Null while a draft has no cover yet: publishing needs one. */
  coverImageId: string | null;
  userId: string | null;
  submissionId: string | null;
  status: ColumnType<PostStatus, PostStatus | undefined, PostStatus>;
  /** Set while an owner has hidden the post from the public. */
  hiddenAt: ColumnType<number | null, number | undefined, number | null>;
  /** Set when the post was saved to go public at a later moment (its publishedOn is that moment). */
  publishAt: ColumnType<number | null, number | null | undefined, number | null>;
  /** The cover's description: its alt text everywhere ("" when the author gave none). */
  coverAlt: ColumnType<string, string | undefined, string>;
  /** The last save: the version the editor started from, so a later save can tell it changed. */
  savedAt: ColumnType<number, number | undefined, number>;
  /** When it first went public; null until then (a scheduled post's moment passing counts). */
  firstPublishedOn: ColumnType<number | null, number | null | undefined, number | null>;
  /** The last save that changed a public post's text, cover or tags. */
  updatedOn: ColumnType<number | null, number | null | undefined, number | null>;
}

export type RevisionKind = "save" | "restore" | "autosave";

/** A post as one save left it (revisions.ts): the last 50 per post are kept. */
export interface PostRevisionsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  content: string;
  coverImageId: string | null;
  coverAlt: string;
  /** Its tags, comma-separated. */
  tags: string;
  status: PostStatus;
  kind: RevisionKind;
  /** Who saved it (the author, or an owner editing their post). */
  savedBy: string | null;
  savedAt: number;
}

/** A draft's secret preview link (preview-links.ts): one per post, only its token's SHA-256 kept. */
export interface PreviewLinksTable {
  slug: string;
  tokenHash: string;
  expiresAt: number;
}

/** The images a post's text shows (besides its cover): the sweep keeps them. */
export interface PostImagesTable {
  slug: string;
  imageId: string;
}

export interface PostTagsTable {
  slug: string;
  /** Lower-case, trimmed, 1–30 letters, digits, spaces and hyphens (posts/tags.ts). */
  tag: string;
}

export interface ImagesTable {
  id: string;
  /** The uploader; null for the images the site ships (sample covers). */
  userId: string | null;
  width: number;
  height: number;
  /** The format of the widest-compatible variant: jpeg, or png for images with transparency. */
  fallback: "jpeg" | "png";
  createdAt: number;
  /** When a post last stopped using it (its cover was replaced, or the post deleted). */
  releasedAt: ColumnType<number | null, number | undefined, number>;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  resetAt: number;
}

export interface ContentVersionTable {
  id: number;
  version: number;
}

export interface UploadLocksTable {
  uploadId: string;
  /** A random id of the request holding the lock. */
  holder: string;
  /** A holder that stops renewing (a crashed instance) loses the lock at this time. */
  expiresAt: number;
}

/** An upload a user sent (by tus or in a form), under the id its image gets. */
export interface UploadsTable {
  id: string;
  userId: string;
  /** Its declared size: what counts against the user's unused bytes. */
  bytes: number;
  createdAt: number;
  /** Set when the sweep decides to remove it; its files go next, then this row. */
  sweptAt: ColumnType<number | null, undefined, number | null>;
}

export type Role = "owner" | "author";
export type Registration = (typeof registrationChoices)[number];
export type Publishing = (typeof publishingChoices)[number];
export type OwnersTwoStep = (typeof ownersTwoStepChoices)[number];

/** What the site knows of an account beyond better-auth's tables; no row: an author with no profile. */
export interface MembersTable {
  userId: string;
  role: ColumnType<Role, Role | undefined, Role>;
  suspendedAt: ColumnType<number | null, number | null | undefined, number | null>;
  lastSignInAt: ColumnType<number | null, number | null | undefined, number | null>;
  displayName: ColumnType<string | null, string | null | undefined, string | null>;
  /** Unique: the author page's address, `/authors/:handle`. */
  handle: ColumnType<string | null, string | null | undefined, string | null>;
  bio: ColumnType<string | null, string | null | undefined, string | null>;
  /** A profile waiting for an owner's approval (review mode), as JSON `{ displayName, handle, bio }`. */
  pendingProfile: ColumnType<string | null, string | null | undefined, string | null>;
  pendingSince: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One row (id 1): the settings every instance shares. */
export interface SiteSettingsTable {
  id: number;
  registration: Registration;
  publishing: Publishing;
  /** 1: owners must have two-step sign-in on before they use the manage area (migration 017). */
  ownersNeedTwoStep: ColumnType<number, number | undefined, number>;
  /** What subscribers are sent when a post goes public (migration 020). */
  subscriptionMail: ColumnType<SubscriptionMail, SubscriptionMail | undefined, SubscriptionMail>;
}

/** Each new post as it goes public, a weekly digest, or nothing. */
export type SubscriptionMail = "each" | "digest" | "off";

/** "stopped": the address refused three messages for good (5xx); nothing more is sent to it. */
export type SubscriberStatus = "pending" | "confirmed" | "stopped";

/** A reader who follows the blog by e-mail (subscriptions.ts). */
export interface SubscribersTable {
  id: string;
  /** Lower-cased. */
  email: string;
  status: SubscriberStatus;
  /** The SHA-256 of the pending confirmation link's token; null once confirmed. */
  tokenHash: string | null;
  tokenExpiresAt: number | null;
  createdAt: number;
  confirmedAt: number | null;
  /** Messages the address's server refused for good (5xx). */
  bounces: ColumnType<number, number | undefined, number>;
}

/** That a subscriber left, and when: no address is kept (the owners' "left this month"). */
export interface SubscriberDeparturesTable {
  id: string;
  leftAt: number;
  reason: "unsubscribed" | "removed" | "refused" | "expired";
}

/** Sending one post, or a week's digest, to every confirmed subscriber, a batch at a time. */
export interface MailingsTable {
  id: string;
  kind: "post" | "digest";
  subject: string;
  createdAt: number;
  cursor: string | null;
  nextSlotAt: number;
  finishedAt: number | null;
  digestWeek: string | null;
}

export type PostMailingState = "mailed" | "digest" | "not mailed" | "earlier";

/** A post that has gone public, and what it meant for subscribers: never mailed twice. */
export interface PostMailingsTable {
  slug: string;
  state: PostMailingState;
  mailingId: string | null;
  at: number;
}

/** The owners' actions, append-only. */
export interface ActivityTable {
  id: Generated<number>;
  at: number;
  actorId: string;
  /** Kept as it was, so the entry still says who after the account is gone. */
  actorEmail: string;
  action: string;
  target: string;
}

/** SQLite only: the full-text index of posts' titles and content (migration 009, search.ts). */
export interface PostSearchTable {
  title: string;
  content: string;
}

/** SQLite only: each post's stable row number in `postSearch`. */
export interface PostSearchRowsTable {
  id: number;
  slug: string;
}

export type OutboxStatus = "pending" | "sent" | "failed";

/** A message to send (see mail/outbox.ts); written in the transaction of what caused it. */
export interface OutboxTable {
  id: string;
  /** What it is, e.g. "password-reset", "enquiry": for the owners' page and the log. */
  kind: string;
  toAddress: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: number;
  /** The sender that claimed it, until `leaseExpiresAt`; another may take it over after that. */
  leaseHolder: ColumnType<string | null, string | undefined, string | null>;
  leaseExpiresAt: ColumnType<number | null, number | undefined, number | null>;
  lastError: ColumnType<string | null, string | undefined, string | null>;
  createdAt: number;
  sentAt: ColumnType<number | null, number | undefined, number | null>;
  /** Lower is sent first: account mail 0, confirmations 1, posts to subscribers 2 (migration 020). */
  priority: ColumnType<number, number | undefined, number>;
  /** JSON of extra headers (List-Unsubscribe); null for none. */
  headers: ColumnType<string | null, string | null | undefined, string | null>;
  mailingId: ColumnType<string | null, string | null | undefined, string | null>;
  subscriberId: ColumnType<string | null, string | null | undefined, string | null>;
}

export type EnquiryStatus = "new" | "answered" | "archived";

export interface EnquiriesTable {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  lookingFor: string | null;
  message: string;
  status: ColumnType<EnquiryStatus, EnquiryStatus | undefined, EnquiryStatus>;
  createdAt: number;
  /** Why the enquiry was kept but not sent (a placeholder recipient); null when it was sent. */
  notSent: ColumnType<string | null, string | null | undefined, string | null>;
  /** The space the enquiry was about, if any. */
  spaceSlug: ColumnType<string | null, string | null | undefined, string | null>;
}

/** "stop-change": the old address's way to stop an address change it did not ask for. */
export type EmailTokenPurpose = "reset" | "verify" | "email-change" | "stop-change";

/** A link sent by e-mail: only the SHA-256 of its token is kept; used once, then deleted. */
export interface EmailTokensTable {
  tokenHash: string;
  purpose: EmailTokenPurpose;
  userId: string;
  /** The address the link was sent to (for a change: the new address). */
  email: string;
  expiresAt: number;
}

export type BackupStatus = "running" | "ok" | "failed";

/** A backup the server took on its schedule (BACKUP_EVERY). */
export interface BackupsTable {
  id: string;
  /** Where the backup is: an absolute folder, or an s3:// address in the site's bucket. */
  folder: string;
  status: BackupStatus;
  startedAt: number;
  finishedAt: number | null;
  /** Why it failed, in one line. */
  error: string | null;
}

/** The building's details as the owners last saved them (one row, id 1). */
export interface BuildingTable {
  id: number;
  /** JSON of what /manage/building's schema accepted. */
  details: string;
  updatedAt: number;
}

/** A space for lease: its details as JSON of what /manage/spaces' schema accepted. */
export interface SpacesTable {
  slug: string;
  position: number;
  status: "available" | "under-offer" | "leased";
  /** 1 when archived: gone from the site, kept for its enquiries. */
  archived: number;
  details: string;
  createdAt: number;
  updatedAt: number;
}

/** An image a space shows: one of its photos, in order, or its floor plan (decision 036). */
export interface SpaceImagesTable {
  spaceSlug: string;
  imageId: string;
  kind: "photo" | "floor-plan";
  position: number;
  /** Its description, the image's alt text. */
  alt: string;
}

export interface Database {
  activity: ActivityTable;
  building: BuildingTable;
  spaces: SpacesTable;
  spaceImages: SpaceImagesTable;
  backups: BackupsTable;
  members: MembersTable;
  siteSettings: SiteSettingsTable;
  contentVersion: ContentVersionTable;
  emailTokens: EmailTokensTable;
  enquiries: EnquiriesTable;
  outbox: OutboxTable;
  subscribers: SubscribersTable;
  subscriberDepartures: SubscriberDeparturesTable;
  mailings: MailingsTable;
  postMailings: PostMailingsTable;
  images: ImagesTable;
  posts: PostsTable;
  postTags: PostTagsTable;
  postRevisions: PostRevisionsTable;
  previewLinks: PreviewLinksTable;
  postImages: PostImagesTable;
  postSearch: PostSearchTable;
  postSearchRows: PostSearchRowsTable;
  rateLimits: RateLimitsTable;
  uploadLocks: UploadLocksTable;
  uploads: UploadsTable;
}

/**
 * The columns of better-auth's tables that the site reads or removes itself (it creates and
 * migrates them: auth.ts). Times are Date, ISO text or epoch numbers depending on the dialect.
 */
export interface AuthTables {
  user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean | number;
    createdAt: Date | string | number;
    updatedAt: Date | string | number;
    /** Set by the two-factor plugin once the user confirmed a code from their app. */
    twoFactorEnabled: boolean | number | null;
  };
  session: { token: string; userId: string; expiresAt: Date | string | number };
  /** The two-factor plugin's: one row per user who began or finished setting it up. */
  twoFactor: {
    id: string;
    userId: string;
    secret: string;
    backupCodes: string;
    verified: boolean | number | null;
  };
  account: { userId: string; providerId: string; password: string | null; updatedAt: Date | string | number };
}

/** Our tables and better-auth's, for the queries that join them. */
export type SiteAndAuthTables = Database & AuthTables;
