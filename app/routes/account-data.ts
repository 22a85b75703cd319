import { requireUser } from "~/.server/accounts/auth.ts";
import { accountRecord, memberOf } from "~/.server/accounts/members.ts";
import { config } from "~/.server/config.ts";
import { db } from "~/.server/db/index.ts";
import { textImagesBySlug } from "~/.server/posts/post-images.ts";
import { listPostsByUser, standing } from "~/.server/posts/posts.ts";
import { largestVariantUrl } from "~/uploads/image-variants.ts";
import type { Route } from "./+types/account-data";

/** "Download my data": the account, profile and every post, as a JSON attachment. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const [account, member, posts] = await Promise.all([
    accountRecord(db(), user.id),
    memberOf(db(), user.id),
    listPostsByUser(db(), user.id),
  ]);
  const site = config().publicUrl;
  const textImages = await textImagesBySlug(
    db(),
    posts.map((post) => post.slug),
  );
  const body = {
    exportedAt: new Date().toISOString(),
    account: { ...account, role: member.role },
    profile: { displayName: member.displayName, handle: member.handle, bio: member.bio },
    posts: posts.map((post) => ({
      slug: post.slug,
      url: `${site}/blog/${post.slug}`,
      title: post.title,
      content: post.content,
      publishedOn: post.publishedOn.toISOString(),
      updatedOn: post.updatedOn?.toISOString() ?? null,
      status: standing(post),
      cover: post.cover && `${site}${largestVariantUrl(post.cover)}`,
      // The images its text shows.
      images: (textImages.get(post.slug) ?? []).map((image) => `${site}${largestVariantUrl(image)}`),
    })),
  };
  return new Response(`${JSON.stringify(body, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="woollahra-moncur-account.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
