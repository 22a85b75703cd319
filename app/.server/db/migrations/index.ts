import type { Migration, MigrationProvider } from "kysely/migration";
import * as posts from "./001-posts.ts";
import * as rateLimits from "./002-rate-limits.ts";
import * as contentVersion from "./003-content-version.ts";
import * as uploadLocks from "./004-upload-locks.ts";
import * as uploadBounds from "./005-upload-bounds.ts";
import * as postVisibility from "./006-post-visibility.ts";
import * as owners from "./007-owners.ts";
import * as mail from "./008-mail.ts";
import * as draftsSchedulesTags from "./009-drafts-schedules-tags.ts";
import * as backups from "./015-backups.ts";
import * as deliveredLinks from "./016-delivered-links.ts";
import * as twoStep from "./017-two-step.ts";
import * as building from "./018-building.ts";
import * as spaces from "./018-spaces.ts";
import * as writing from "./019-writing.ts";
import * as subscriptions from "./020-subscriptions.ts";
import * as searchPrefixes from "./021-search-prefixes.ts";
import * as spaceImages from "./022-space-images.ts";
import * as profileReview from "./024-profile-review.ts";

/** Every migration, in order; listed here so the bundler includes them. */
export const migrations: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    return {
      "001-posts": posts,
      "002-rate-limits": rateLimits,
      "003-content-version": contentVersion,
      "004-upload-locks": uploadLocks,
      "005-upload-bounds": uploadBounds,
      "006-post-visibility": postVisibility,
      "007-owners": owners,
      "008-mail": mail,
      "009-drafts-schedules-tags": draftsSchedulesTags,
      "015-backups": backups,
      "016-delivered-links": deliveredLinks,
      "017-two-step": twoStep,
      "018-building": building,
      "018-spaces": spaces,
      "019-writing": writing,
      "020-subscriptions": subscriptions,
      "021-search-prefixes": searchPrefixes,
      "022-space-images": spaceImages,
      "024-profile-review": profileReview,
    };
  },
};
