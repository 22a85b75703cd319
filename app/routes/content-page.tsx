import { Suspense } from "react";
import { data, href } from "react-router";
import { db } from "~/.server/db/index.ts";
import { pageFrontmatter } from "~/.server/site/page-frontmatter.ts";
import { spaceCards } from "~/.server/site/spaces.ts";
import { contentComponents } from "~/components/content/index.ts";
import { Picture } from "~/components/Picture.tsx";
import { SpaceCards } from "~/components/SpaceCards.tsx";
import { pageBody, pageNameFor, preloadPage } from "~/content/pages.ts";
import { cachedPage } from "~/http/http-policy.ts";
import { rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import { localBusiness } from "~/site/structured-data.ts";
import { illustrationImage, illustrationSrc } from "~/uploads/responsive-image.ts";
import type { Route } from "./+types/content-page";

export const handle = cachedPage();

export async function loader({ url }: Route.LoaderArgs) {
  const name = pageNameFor(url.pathname);
  if (!name) throw data(null, { status: 404 });
  // /commercial lists the spaces for lease above its text (SPEC §13).
  const spaces = name === "commercial" ? await spaceCards(db()) : [];
  return {
    name,
    canonicalPath: name === "index" ? href("/") : url.pathname,
    spaces,
    ...(await pageFrontmatter(name)),
  };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const page = await serverLoader();
  await preloadPage(page.name);
  return page;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { publicUrl, building } = rootData(matches);
  const tags = seoMeta(publicUrl, {
    title: loaderData.title,
    description: loaderData.description,
    path: loaderData.canonicalPath,
    keywords: loaderData.keywords,
    author: loaderData.author,
    image: illustrationSrc(loaderData.image),
    imageAlt: loaderData.imageAlt,
  });
  return loaderData.name === "index"
    ? [...tags, { "script:ld+json": localBusiness(publicUrl, building) }]
    : tags;
}

export default function ContentPage({ loaderData: page }: Route.ComponentProps) {
  const Body = pageBody(page.name);
  const profile = page.layout === "profile";
  return (
    <article className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <header className={profile ? "flex items-center gap-6" : "max-w-3xl"}>
        {profile && (
          <div className="w-24 shrink-0 overflow-hidden rounded-full border border-sandstone-300 sm:w-32">
            <Picture image={illustrationImage(page.image)} alt={page.imageAlt} sizes="128px" />
          </div>
        )}
        <div>
          <h1 className="text-3xl font-semibold leading-tight sm:text-5xl">{page.title}</h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">{page.description}</p>
        </div>
      </header>
      <div className={profile ? "mt-8" : "mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]"}>
        {page.spaces.length > 0 && <SpaceCards spaces={page.spaces} />}
        <div className="prose prose-lg max-w-3xl prose-headings:font-serif prose-headings:text-heritage-900 prose-a:text-heritage-700 prose-a:underline-offset-4">
          <Suspense>
            <Body components={contentComponents} />
          </Suspense>
        </div>
        {!profile && (
          <aside className="no-print hidden lg:block">
            <div className="sticky top-6 overflow-hidden rounded-lg border border-sandstone-300 bg-white">
              <Picture
                image={illustrationImage(page.image)}
                alt={page.imageAlt}
                sizes="352px"
                className="h-auto w-full"
              />
            </div>
          </aside>
        )}
      </div>
    </article>
  );
}
