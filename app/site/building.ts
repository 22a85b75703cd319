import { z } from "../http/zod.ts";
import { buildingDefaults } from "./site.ts";

export const weekDays = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

/** How many contact groups and footer profiles the building's page takes. */
export const buildingLimits = { contacts: 8, profiles: 6 } as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must not exceed ${max} characters`);

const notAnEmail = "Email is not in a correct format";
const emailAddress = z.string().trim().toLowerCase().max(254, notAnEmail).pipe(z.email(notAnEmail));
/**
 * An optional field: the form sends nothing for an empty one, the saved details keep "" for it
 * (so they read back through this same schema).
 */
const optional = <Given extends z.ZodType<string>>(given: Given) =>
  z
    .preprocess((value) => (value === "" ? undefined : value), given.optional())
    .transform((value) => value ?? "");

const optionalEmail = optional(emailAddress);
const optionalPhone = optional(
  z
    .string()
    .trim()
    .regex(/^\+?[0-9 ().-]{6,30}$/, "Phone should be a phone number: digits, spaces and + ( ) . - only"),
);

const time = optional(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a time such as 09:00"));

/** A day's hours: both times, or neither (closed), opening before closing. */
const day = z.object({ opens: time, closes: time }).superRefine(({ opens, closes }, context) => {
  if (opens && !closes)
    context.addIssue({ code: "custom", path: ["closes"], message: "Closing time is required" });
  if (closes && !opens)
    context.addIssue({ code: "custom", path: ["opens"], message: "Opening time is required" });
  if (opens && closes && opens >= closes)
    context.addIssue({ code: "custom", path: ["closes"], message: "Closing time must be after opening" });
});

const number = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

/** A page of this site ("/jamie-sample") or an https address. */
const link = (label: string) =>
  text(label, 300).refine(
    (href) => /^\/(?!\/)\S*$/.test(href) || /^https:\/\/[^\s/]+\.[^\s]+$/.test(href),
    `${label} must be a page of this site (starting with /) or an https:// address`,
  );

/** The form's lists come as sparse arrays; absent rows are dropped, absent lists are empty. */
const list = <Item extends z.ZodType>(item: Item, max: number, label: string) =>
  z.preprocess(
    (rows) => (Array.isArray(rows) ? rows.filter((row) => row !== undefined) : []),
    z.array(item).max(max, `At most ${max} ${label}`),
  );

/** The building's details as owners edit them at /manage/building: one schema, browser and server. */
export const buildingSchema = z.object({
  nameLine: text("Name", 80),
  address: z.object({
    street: text("Street", 100),
    suburb: text("Suburb", 60),
    state: text("State", 20),
    postcode: z
      .string({ error: "Postcode is required" })
      .trim()
      .regex(/^\d{4}$/, "Postcode must be 4 digits"),
  }),
  map: z.object({
    latitude: number("Latitude", -90, 90),
    longitude: number("Longitude", -180, 180),
    zoom: number("Zoom", 1, 19).int("Zoom must be a whole number"),
  }),
  hours: z.preprocess(
    (days) => weekDays.map((_, index) => (Array.isArray(days) ? days[index] : undefined) ?? {}),
    z.array(day).length(weekDays.length),
  ),
  contacts: list(
    z.object({ group: text("Label", 40), email: optionalEmail, phone: optionalPhone }),
    buildingLimits.contacts,
    "contact groups",
  ),
  enquiryTo: emailAddress,
  social: z.object({ label: text("Link text", 60), href: link("Address") }),
  profiles: list(
    z.object({
      name: text("Name", 60),
      role: text("Role", 60),
      href: text("Page", 100).regex(
        /^\/[a-z0-9-]+$/,
        "Page must be a page of this site, such as /jamie-sample",
      ),
    }),
    buildingLimits.profiles,
    "profiles",
  ),
});

export type BuildingDetails = z.output<typeof buildingSchema>;

export const defaultBuilding: BuildingDetails = buildingDefaults;

/**
 * Addresses and numbers kept for examples, as the defaults use them: the reserved `.example`
 * top-level domain (RFC 2606) and the 02 5550 and 02 7010 ranges the ACMA sets aside for fiction.
 */
export function isPlaceholderEmail(address: string): boolean {
  return /(^|[@.])example$/i.test(address.trim());
}

export function isPlaceholderPhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, "").replace(/^61/, "0");
  return /^0?2(5550|7010)/.test(digits);
}

/** Whether any contact still holds an example address or number. */
export function hasPlaceholderContacts({ contacts }: Pick<BuildingDetails, "contacts">): boolean {
  return contacts.some(({ email, phone }) => isPlaceholderEmail(email) || isPlaceholderPhone(phone));
}

export interface ShownContact {
  group: string;
  /** Empty when not set, or still a placeholder. */
  email: string;
  phone: string;
}

export interface ShownDay {
  day: (typeof weekDays)[number];
  /** Both empty: closed. */
  opens: string;
  closes: string;
}

/** The building as visitors see it: nothing placeholder shown as real. */
export interface ShownBuilding {
  nameLine: string;
  address: BuildingDetails["address"];
  map: BuildingDetails["map"];
  hours: ShownDay[];
  contacts: ShownContact[];
  social: BuildingDetails["social"];
  /** `sample`: the page is a sample person's, and says so. */
  profiles: (BuildingDetails["profiles"][number] & { sample: boolean })[];
  /** Some contacts were left out as examples (development mode says so). */
  placeholderContacts: boolean;
}

/** The details with placeholder addresses and numbers left out ("say nothing rather than something false"). */
export function showBuilding(details: BuildingDetails, samplePages: ReadonlySet<string>): ShownBuilding {
  return {
    nameLine: details.nameLine,
    address: details.address,
    map: details.map,
    hours: details.hours.map((hours, index) => ({ day: weekDays[index] ?? "Monday", ...hours })),
    contacts: details.contacts.map(({ group, email, phone }) => ({
      group,
      email: isPlaceholderEmail(email) ? "" : email,
      phone: isPlaceholderPhone(phone) ? "" : phone,
    })),
    social: details.social,
    profiles: details.profiles.map((profile) => ({ ...profile, sample: samplePages.has(profile.href) })),
    placeholderContacts: hasPlaceholderContacts(details),
  };
}

/**
 * What pages show before the database has answered (and while it cannot): the defaults,
 * cleaned, their profiles being the sample people the site ships with.
 */
export const defaultShownBuilding = showBuilding(
  defaultBuilding,
  new Set(defaultBuilding.profiles.map(({ href }) => href)),
);

/** The address on one line, e.g. "Moncur Street, Woollahra NSW 2025". */
export function addressLine({ address }: Pick<ShownBuilding, "address">): string {
  return `${address.street}, ${address.suburb} ${address.state} ${address.postcode}`;
}
