import { data, href } from "react-router";
import { db } from "~/.server/db/index.ts";
import { requestContext } from "~/.server/http/request-context.ts";
import { pageSize } from "~/.server/posts/posts.ts";
import { type Segment, searchPosts, searchQuery, searchRefusal } from "~/.server/posts/search.ts";
import { PageLink } from "~/components/PageLink.tsx";
import { Pager } from "~/components/Pager.tsx";
import { SearchForm } from "~/components/SearchForm.tsx";
import { TagList } from "~/components/TagList.tsx";
import { pageCount, pageNumber } from "~/http/page-number.ts";
import { rootData } from "~/http/root-data.ts";
import { searchLimits } from "~/posts/search-limits.ts";
import { formatSydneyDate } from "~/site/dates.ts";
import { seoMeta } from "~/site/seo.ts";
import type { Route } from "./+types/search";

// No `cachedPage`: every distinct query would be its own cached page, and anyone can send
// endless distinct queries. Each search is answered by the database's index instead.

export async function loader({ url, context }: Route.LoaderArgs) {
  const q = url.searchParams.get("q") ?? "";
  const page = pageNumber(url);
  const { words, shortened } = searchQuery(q);
  const refusal =
    words.length > 0 ? await searchRefusal(db(), context.get(requestContext).clientAddress) : null;
  if (refusal) throw data(refusal, { status: 429 });
  const { total, more, results } = await searchPosts(db(), words, page);
  const pages = words.length > 0 ? pageCount(page, total, pageSize) : 1;
  return {
    q: [...q].slice(0, searchLimits.characters).join(""),
    searched: words.length > 0,
    asked: q.trim() !== "",
    shortened,
    page,
    pages,
    total,
    more,
    results: results.map((post) => ({
      slug: post.slug,
      title: post.titleSegments,
      published: formatSydneyDate(post.publishedOn),
      excerpt: post.excerpt,
      tags: post.tags,
    })),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [
    ...seoMeta(rootData(matches).publicUrl, {
      title: loaderData?.searched ? `Search: ${loaderData.q}` : "Search posts",
      description: "Search the posts of the Woollahra Moncur blog by title and content.",
      path: href("/search"),
    }),
    // Result pages are endless and thin: searchers should find the posts themselves.
    { name: "robots", content: "noindex, follow" },
  ];
}

function Marked({ segments }: { segments: Segment[] }) {
  return segments.map((segment, i) =>
    segment.match ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the segments never reorder
      <mark key={i} className="rounded-sm bg-sandstone-300 px-0.5 text-inherit">
        {segment.text}
      </mark>
    ) : (
      segment.text
    ),
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, searched, asked, shortened, page, pages, total, more, results } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-4xl font-semibold">Search posts</h1>
      <div className="mt-6">
        <SearchForm query={q} />
      </div>
      {shortened && (
        <p className="mt-4 rounded-md border border-sandstone-500 bg-sandstone-100 px-4 py-3">
          Only the first {searchLimits.characters} characters and {searchLimits.words} words of a search are
          used.
        </p>
      )}
      {asked && !searched && <p className="mt-8 text-lg">Search for words: type letters or digits.</p>}
      {searched && (
        <p className="mt-8 text-lg" role="status">
          {total === 0
            ? "No posts match your search."
            : more
              ? `More than ${total} posts match: the newest ${total} are shown, best matches first. Add a word to narrow the search.`
              : `${total === 1 ? "1 post matches" : `${total} posts match`} your search.`}
        </p>
      )}
      {results.length > 0 && (
        <ol className="mt-6 list-none space-y-8 p-0">
          {results.map((result) => (
            <li key={result.slug}>
              <h2 className="font-serif text-2xl leading-snug font-semibold">
                <PageLink href={`/blog/${result.slug}`} className="text-heritage-900 hover:underline">
                  <Marked segments={result.title} />
                </PageLink>
              </h2>
              <p className="mt-1 text-sm text-slate-700">Published: {result.published}</p>
              <p className="mt-2 leading-relaxed">
                <Marked segments={result.excerpt} />
              </p>
              <TagList tags={result.tags} className="mt-2" />
            </li>
          ))}
        </ol>
      )}
      <Pager
        page={page}
        pages={pages}
        path={href("/search")}
        query={{ q }}
        newer="← Better matches"
        older="More matches →"
      />
    </div>
  );
}
