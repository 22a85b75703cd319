import { data, href } from "react-router";
import { authorByHandle } from "~/.server/accounts/members.ts";
import { db } from "~/.server/db/index.ts";
import { publicPostPage } from "~/.server/posts/post-pages.ts";
import { handlePattern } from "~/accounts/account-schema.ts";
import { Pager } from "~/components/Pager.tsx";
import { PostCard } from "~/components/PostCard.tsx";
import { cachedPage } from "~/http/http-policy.ts";
import { pageNumber } from "~/http/page-number.ts";
import { rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import type { Route } from "./+types/author";

export const handle = cachedPage("page");

export async function loader({ params, url }: Route.LoaderArgs) {
  const page = pageNumber(url);
  const author = handlePattern.test(params.handle) ? await authorByHandle(db(), params.handle) : undefined;
  if (!author) throw data(null, { status: 404 });
  return {
    handle: params.handle,
    name: author.displayName ?? params.handle,
    bio: author.bio,
    ...(await publicPostPage(db(), page, author.userId)),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { name, handle: authorHandle, page, bio } = loaderData;
  const path = `${href("/authors/:handle", { handle: authorHandle })}${page > 1 ? `?page=${page}` : ""}`;
  return seoMeta(rootData(matches).publicUrl, {
    title: page === 1 ? `Posts by ${name}` : `Posts by ${name}, page ${page}`,
    description: bio ?? `Posts by ${name} on the Woollahra Moncur blog.`,
    path,
    author: name,
  });
}

export default function Author({ loaderData }: Route.ComponentProps) {
  const { name, bio, posts, page, pages, handle: authorHandle } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="text-4xl font-semibold break-words sm:text-5xl">{name}</h1>
      {bio && <p className="mt-3 max-w-3xl text-lg break-words whitespace-pre-line text-slate-700">{bio}</p>}
      {posts.length === 0 ? (
        <p className="mt-10 text-lg">No posts yet.</p>
      ) : (
        <ul className="mt-10 grid list-none gap-8 p-0 md:grid-cols-3">
          {posts.map((post, index) => (
            <PostCard key={post.slug} post={post} priority={index < 3} />
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} path={href("/authors/:handle", { handle: authorHandle })} />
    </div>
  );
}
