import type { ShownBuilding } from "./building.ts";
import { site } from "./site.ts";

function postalAddress({ address }: ShownBuilding) {
  return {
    "@type": "PostalAddress",
    streetAddress: address.street,
    addressLocality: address.suburb,
    addressRegion: address.state,
    postalCode: address.postcode,
    addressCountry: "AU",
  };
}

/** Who runs the site, on every page. */
export function organization(publicUrl: string, building: ShownBuilding) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: building.nameLine,
    url: publicUrl,
    logo: `${publicUrl}/favicon.svg`,
    address: postalAddress(building),
  };
}

/**
 * The building as a place to visit: address, position and trading hours (the home page). Its
 * e-mail and phone are the building management's, when set; example ones were left out before.
 */
export function localBusiness(publicUrl: string, building: ShownBuilding) {
  const open = building.hours.filter((day) => day.opens && day.closes);
  const manager =
    building.contacts.find((contact) => contact.group === "Building management") ?? building.contacts[0];
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: building.nameLine,
    description: site.tagline,
    url: publicUrl,
    image: `${publicUrl}/illustrations/banner-1920.webp`,
    ...(manager?.email && { email: manager.email }),
    ...(manager?.phone && { telephone: manager.phone }),
    address: postalAddress(building),
    geo: { "@type": "GeoCoordinates", latitude: building.map.latitude, longitude: building.map.longitude },
    openingHoursSpecification: sameHours(open).map((days) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: days.map(({ day }) => day),
      opens: days[0]?.opens,
      closes: days[0]?.closes,
    })),
  };
}

/** Open days grouped by their hours, in week order: one opening-hours entry each. */
function sameHours(days: ShownBuilding["hours"]): ShownBuilding["hours"][] {
  const groups = new Map<string, ShownBuilding["hours"]>();
  for (const day of days) {
    const key = `${day.opens}-${day.closes}`;
    groups.set(key, [...(groups.get(key) ?? []), day]);
  }
  return [...groups.values()];
}

/** JSON for a `<script type="application/ld+json">`: no `<` that could close the element early. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
