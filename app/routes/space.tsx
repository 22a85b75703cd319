import { data, href } from "react-router";
import { db } from "~/.server/db/index.ts";
import { spaceBySlug } from "~/.server/site/spaces.ts";
import { EnquiryForm } from "~/components/EnquiryForm.tsx";
import { PageLink } from "~/components/PageLink.tsx";
import { Picture } from "~/components/Picture.tsx";
import { cachedPage } from "~/http/http-policy.ts";
import { rootData } from "~/http/root-data.ts";
import { renderMarkdown } from "~/posts/markdown.ts";
import { sydneyDay } from "~/site/dates.ts";
import { seoMeta } from "~/site/seo.ts";
import { availableText, isListed, rentText, spaceStatusLabels } from "~/site/spaces.ts";
import { spaceOffer } from "~/site/structured-data.ts";
import { largestVariantUrl } from "~/uploads/image-variants.ts";
import { uploadedImage } from "~/uploads/responsive-image.ts";
import type { Route } from "./+types/space";

export const handle = cachedPage();

/** A space for lease; one leased or archived is gone (410), pointing to what is available. */
export async function loader({ params }: Route.LoaderArgs) {
  const space = await spaceBySlug(db(), params.slug);
  if (!space) throw data(null, { status: 404 });
  if (!isListed(space)) return data({ gone: true as const, name: space.name }, { status: 410 });
  const details: [string, string][] = [
    ["Floor", space.floor],
    ["Area", `${space.area} m²`],
    ...(space.workstations ? [["Workstations", String(space.workstations)] as [string, string]] : []),
    ["Available", availableText(space.availableFrom, sydneyDay())],
    ["Rent", rentText(space)],
    ...(space.outgoings ? [["Outgoings", space.outgoings] as [string, string]] : []),
    ...(space.carSpaces !== undefined ? [["Car spaces", String(space.carSpaces)] as [string, string]] : []),
    ...(space.nabers !== undefined ? [["NABERS Energy", `${space.nabers} stars`] as [string, string]] : []),
    ["Status", spaceStatusLabels[space.status]],
  ];
  return {
    gone: false as const,
    space,
    details,
    html: space.description ? renderMarkdown(space.description) : "",
  };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const { publicUrl, building } = rootData(matches);
  if (!loaderData || loaderData.gone) {
    return [
      ...seoMeta(publicUrl, {
        title: "Space no longer available",
        description: "This space has been leased or taken off the list; see the office space available now.",
        path: location.pathname,
      }),
      { name: "robots", content: "noindex" },
    ];
  }
  const { space } = loaderData;
  // Shared, the page shows its first photo (else the site's picture).
  const [photo] = space.photos;
  return [
    ...seoMeta(publicUrl, {
      ...(photo && { image: largestVariantUrl(photo.image), imageAlt: photo.alt }),
      title: `${space.name}: office space for lease`,
      description: `${space.area} m² of office space on ${space.floor} of our building on Moncur Street, Woollahra. Rent: ${rentText(space)}.`,
      path: location.pathname,
      keywords: ["Woollahra office for lease", "Moncur Street", space.floor],
    }),
    { "script:ld+json": spaceOffer(`${publicUrl}${location.pathname}`, building, space) },
  ];
}

export default function Space({ loaderData }: Route.ComponentProps) {
  if (loaderData.gone) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
        <h1 className="text-3xl font-semibold">Space no longer available</h1>
        <p className="mt-6 text-lg">{loaderData.name} has been leased or taken off the list.</p>
        <PageLink
          href={href("/commercial")}
          className="mt-6 inline-block font-semibold text-heritage-700 underline underline-offset-4"
        >
          See the office space available now
        </PageLink>
      </div>
    );
  }
  const { space, details, html } = loaderData;
  return (
    <article className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <p className="font-medium text-slate-700">
        <PageLink href={href("/commercial")} className="underline underline-offset-4">
          Office space
        </PageLink>
      </p>
      <h1 className="mt-2 text-3xl font-semibold leading-tight sm:text-5xl">{space.name}</h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0">
          {space.photos.length > 0 && (
            <ul aria-label="Photos" className="mb-8 grid grid-cols-2 gap-3 sm:grid-cols-3">
              {space.photos.map((photo, index) => (
                <li key={photo.image.id} className={index === 0 ? "col-span-2 sm:col-span-3" : undefined}>
                  <Picture
                    image={uploadedImage(photo.image)}
                    alt={photo.alt}
                    sizes={
                      index === 0
                        ? "(min-width: 1152px) 728px, (min-width: 1024px) calc(100vw - 26.5rem), calc(100vw - 2rem)"
                        : "(min-width: 1152px) 240px, (min-width: 640px) 33vw, 50vw"
                    }
                    priority={index === 0}
                    className="h-auto w-full rounded-lg bg-sandstone-100"
                  />
                </li>
              ))}
            </ul>
          )}
          <table className="w-full max-w-xl text-left">
            <caption className="mb-2 text-left text-xl font-semibold">The space</caption>
            <tbody>
              {details.map(([label, value]) => (
                <tr key={label} className="border-t border-sandstone-300">
                  <th scope="row" className="py-2 pr-6 font-medium">
                    {label}
                  </th>
                  <td className="py-2">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {html && (
            <div
              className="prose prose-lg mt-8 max-w-3xl prose-headings:font-serif prose-a:text-heritage-700"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from renderMarkdown
              dangerouslySetInnerHTML={{ __html: html }}
            />
          )}
          {space.floorPlan && (
            <section aria-labelledby="floor-plan-heading" className="mt-10">
              <h2 id="floor-plan-heading" className="mb-4 text-2xl font-semibold">
                Floor plan
              </h2>
              <Picture
                image={uploadedImage(space.floorPlan.image)}
                alt={space.floorPlan.alt}
                sizes="(min-width: 1152px) 728px, (min-width: 1024px) calc(100vw - 26.5rem), calc(100vw - 2rem)"
                className="h-auto w-full rounded-lg border border-sandstone-300 bg-white"
              />
            </section>
          )}
        </div>
        <section aria-labelledby="enquire-heading">
          <h2 id="enquire-heading" className="mb-4 text-2xl font-semibold">
            Enquire about this space
          </h2>
          <EnquiryForm space={space.slug} />
        </section>
      </div>
    </article>
  );
}
