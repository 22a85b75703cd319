import type { Kysely } from "kysely";

/**
 * Delivered and failed messages keep no token (decision 029): the copies written before the
 * rule lose theirs here. The link addresses are written out as they were then, so that this
 * step does the same whatever later versions of the site call their links.
 */
const tokenInLink = /(\/reset-password\/|\/verify-email\/|\/account\/email\/confirm\/)[A-Za-z0-9_-]{43}/gi;
const removed = "(removed once delivered)";

interface Outbox {
  outbox: { id: string; status: string; text: string; html: string };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const outbox = db as unknown as Kysely<Outbox>;
  const messages = await outbox
    .selectFrom("outbox")
    .select(["id", "text", "html"])
    .where("status", "in", ["sent", "failed"])
    .execute();
  for (const { id, text, html } of messages) {
    const [clearText, clearHtml] = [text, html].map((part) => part.replace(tokenInLink, `$1${removed}`));
    if (clearText === text && clearHtml === html) continue;
    await outbox
      .updateTable("outbox")
      .set({ text: clearText, html: clearHtml })
      .where("id", "=", id)
      .execute();
  }
}

/** The tokens are gone for good: there is nothing to put back. */
export async function down(): Promise<void> {}
