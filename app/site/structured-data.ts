import { site } from "./site.ts";

function postalAddress() {
  const { street, suburb, state, postcode, country } = site.address;
  return {
    "@type": "PostalAddress",
    streetAddress: street,
    addressLocality: suburb,
    addressRegion: state,
    postalCode: postcode,
    addressCountry: country,
  };
}

/** Who runs the site, on every page. */
export function organization(publicUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.name,
    url: publicUrl,
    logo: `${publicUrl}/favicon.svg`,
    address: postalAddress(),
  };
}

/** The building as a place to visit: address, position and trading hours (the home page). */
export function localBusiness(publicUrl: string) {
  const open = site.hours.filter((day) => day.opens && day.closes);
  const manager =
    site.contacts.find((contact) => contact.group === "Building management") ?? site.contacts[0];
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: site.name,
    description: site.tagline,
    url: publicUrl,
    image: `${publicUrl}/illustrations/banner-1920.webp`,
    email: manager?.email,
    telephone: manager?.phone,
    address: postalAddress(),
    geo: { "@type": "GeoCoordinates", latitude: site.map.latitude, longitude: site.map.longitude },
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: open.map((day) => day.day),
        opens: open[0]?.opens,
        closes: open[0]?.closes,
      },
    ],
  };
}
