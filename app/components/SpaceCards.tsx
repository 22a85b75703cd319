import { type SpaceCard, spaceStatusLabels } from "~/site/spaces.ts";
import { uploadedImage } from "~/uploads/responsive-image.ts";
import { PageLink } from "./PageLink.tsx";
import { Picture } from "./Picture.tsx";

/** The spaces for lease as cards: one column on phones, two or three wider. */
export function SpaceCards({ spaces }: { spaces: SpaceCard[] }) {
  return (
    <section aria-labelledby="spaces-heading" className="lg:col-span-2">
      <h2 id="spaces-heading" className="font-serif text-2xl font-semibold text-heritage-900 sm:text-3xl">
        Spaces for lease
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {spaces.map((space) => (
          <li key={space.slug} className="overflow-hidden rounded-lg border border-sandstone-300 bg-white">
            {space.photo && (
              <Picture
                image={uploadedImage(space.photo.image)}
                alt={space.photo.alt}
                sizes="(min-width: 1152px) 352px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw"
                className="aspect-[3/2] h-auto w-full bg-sandstone-100 object-cover"
              />
            )}
            <div className="p-5">
              <h3 className="font-serif text-xl font-semibold text-heritage-900">
                <PageLink href={`/spaces/${space.slug}`} className="underline-offset-4 hover:underline">
                  {space.name}
                </PageLink>
              </h3>
              {space.status === "under-offer" && (
                <p className="mt-1 text-sm font-semibold text-brick">{spaceStatusLabels[space.status]}</p>
              )}
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="font-medium">Area</dt>
                <dd>{space.area} m²</dd>
                <dt className="font-medium">Available</dt>
                <dd>{space.available}</dd>
                <dt className="font-medium">Rent</dt>
                <dd>{space.rent}</dd>
              </dl>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
