/**
 * The building's details in one place. The owner edits this file to change the address,
 * contacts, hours or map; every page reads from here.
 */
export const site = {
  name: "Woollahra Moncur",
  tagline: "Office space and local history on Moncur Street, Woollahra",
  building: "our building on Moncur Street",
  address: {
    street: "Moncur Street",
    suburb: "Woollahra",
    state: "NSW",
    postcode: "2025",
    country: "AU",
  },
  /** Map centre: Moncur Street near its corner with Queen Street. */
  map: { latitude: -33.8862, longitude: 151.2399, zoom: 17 },
  country: "Australia",
  timeZone: "Australia/Sydney",
  /** Trading hours, Monday first; null means closed. */
  hours: [
    { day: "Monday", opens: "14:30", closes: "18:30" },
    { day: "Tuesday", opens: "14:30", closes: "18:30" },
    { day: "Wednesday", opens: "14:30", closes: "18:30" },
    { day: "Thursday", opens: "14:30", closes: "18:30" },
    { day: "Friday", opens: "14:30", closes: "18:30" },
    { day: "Saturday", opens: null, closes: null },
    { day: "Sunday", opens: null, closes: null },
  ],
  /**
   * Placeholders until the owner sets them: `.example` addresses and numbers in the 02 5550
   * range (reserved for examples). Development mode says so while they remain.
   */
  contacts: [
    { group: "Trading", email: "trading@woollahra-moncur.example", phone: "02 5550 0101" },
    { group: "Technical support", email: "support@woollahra-moncur.example", phone: "02 5550 0102" },
    { group: "Real estate", email: "leasing@woollahra-moncur.example", phone: "02 5550 0103" },
    { group: "Building management", email: "manager@woollahra-moncur.example", phone: "02 5550 0104" },
  ],
  profiles: [
    { name: "Alex Example", role: "Web developer", href: "/alex-example" },
    { name: "Jamie Sample", role: "Real-estate agent", href: "/jamie-sample" },
  ],
  /** Where to follow us; swap in the building's social profile when it has one. */
  social: { label: "Follow the blog (RSS)", href: "/rss.xml" },
} as const;

/** The address on one line, e.g. "Moncur Street, Woollahra NSW 2025". */
export function addressLine(): string {
  const { street, suburb, state, postcode } = site.address;
  return `${street}, ${suburb} ${state} ${postcode}`;
}

/** Whether any contact is still a placeholder: an address at `.example` or an 02 5550 number. */
export function hasPlaceholderContacts(): boolean {
  return site.contacts.some(
    (contact) => contact.email.endsWith(".example") || contact.phone.startsWith("02 5550"),
  );
}
