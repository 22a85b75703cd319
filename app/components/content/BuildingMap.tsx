import { readingScripts } from "~/http/page-kinds.ts";
import { addressLine } from "~/site/building.ts";
import { useBuilding } from "../BuildingContext.tsx";
import { ReadingScript } from "../ReadingScript.tsx";

const span = 0.004;

/**
 * The map of the building. Nothing is fetched from the map provider until the map scrolls
 * into view or the visitor asks for it, so it never delays the first paint: the map script
 * puts the embed (kept in a template) in place of the placeholder.
 */
export function BuildingMap() {
  const building = useBuilding();
  const { latitude, longitude, zoom } = building.map;
  const bbox = [longitude - span, latitude - span / 2, longitude + span, latitude + span / 2].join(",");
  const embedUrl = `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${latitude},${longitude}`;
  const fullMapUrl = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`;
  const address = addressLine(building);
  return (
    <figure className="not-prose my-8">
      <div
        data-map=""
        className="relative aspect-[4/3] w-full overflow-hidden rounded-lg border border-sandstone-300 bg-heritage-50 sm:aspect-[16/9]"
      >
        <template>
          <iframe
            title={`Map of ${address}`}
            src={embedUrl}
            className="absolute inset-0 h-full w-full"
            loading="lazy"
            referrerPolicy="no-referrer"
          />
        </template>
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center">
          <p className="font-serif text-lg text-heritage-900">{address}</p>
          <button
            type="button"
            data-show-map=""
            className="rounded bg-heritage-700 px-4 py-2 font-semibold text-white hover:bg-heritage-900"
          >
            Show the map
          </button>
        </div>
      </div>
      <figcaption className="mt-2 text-sm">
        {address} ·{" "}
        <a
          className="text-heritage-700 underline underline-offset-4"
          href={fullMapUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          Open in OpenStreetMap<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </figcaption>
      <ReadingScript src={readingScripts.map} />
    </figure>
  );
}
