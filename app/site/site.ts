import { href } from "react-router";

/** What the site is: its name and where it is. Fixed in code; the building's details follow. */
export const site = {
  name: "Woollahra Moncur",
  tagline: "Office space and local history on Moncur Street, Woollahra",
  building: "our building on Moncur Street",
  country: "Australia",
  timeZone: "Australia/Sydney",
} as const;

/**
 * The building's details as a new site starts with them. Owners change them at
 * /manage/building (they are kept in the database from the first save); every page reads the
 * saved ones. The contacts are placeholders until the owner sets them: `.example` addresses and
 * numbers in the 02 5550 range (reserved for examples), which no page shows to visitors.
 */
export const buildingDefaults = {
  nameLine: "Woollahra Moncur",
  address: { street: "Moncur Street", suburb: "Woollahra", state: "NSW", postcode: "2025" },
  /** Map centre: Moncur Street near its corner with Queen Street. */
  map: { latitude: -33.8862, longitude: 151.2399, zoom: 17 },
  /** Trading hours, Monday first; empty times mean closed. */
  hours: [
    { opens: "14:30", closes: "18:30" },
    { opens: "14:30", closes: "18:30" },
    { opens: "14:30", closes: "18:30" },
    { opens: "14:30", closes: "18:30" },
    { opens: "14:30", closes: "18:30" },
    { opens: "", closes: "" },
    { opens: "", closes: "" },
  ],
  contacts: [
    { group: "Trading", email: "trading@woollahra-moncur.example", phone: "02 5550 0101" },
    { group: "Technical support", email: "support@woollahra-moncur.example", phone: "02 5550 0102" },
    { group: "Real estate", email: "leasing@woollahra-moncur.example", phone: "02 5550 0103" },
    { group: "Building management", email: "manager@woollahra-moncur.example", phone: "02 5550 0104" },
  ],
  /** Where leasing enquiries go (ENQUIRY_TO, when set, wins). */
  enquiryTo: "leasing@woollahra-moncur.example",
  /** Where to follow us; swap in the building's social profile when it has one. */
  social: { label: "Follow the blog (RSS)", href: href("/rss.xml") },
  /** The profile pages the footer links to. */
  profiles: [
    { name: "Alex Example", role: "Web developer", href: href("/alex-example") },
    { name: "Jamie Sample", role: "Real-estate agent", href: href("/jamie-sample") },
  ],
};
