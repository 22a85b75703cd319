import { z } from "../http/zod.ts";
import { type ImageInfo, imageIdPattern } from "../uploads/image-variants.ts";

export const spaceStatuses = ["available", "under-offer", "leased"] as const;
export type SpaceStatus = (typeof spaceStatuses)[number];
export const spaceStatusLabels: Record<SpaceStatus, string> = {
  available: "Available",
  "under-offer": "Under offer",
  leased: "Leased",
};

export const rentKinds = ["per-year", "per-sqm-year", "on-application"] as const;
export const rentKindLabels: Record<(typeof rentKinds)[number], string> = {
  "per-year": "per year",
  "per-sqm-year": "per m² per year",
  "on-application": "On application",
};
export const rentBases = ["gross", "net"] as const;

/** From this floor area the Commercial Building Disclosure program asks for the NABERS rating. */
export const nabersRequiredFromSqm = 1000;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must not exceed ${max} characters`);

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

const spaceFields = z.object({
  name: text("Name", 80),
  floor: text("Floor", 40),
  area: whole("Area", 1, 10_000),
  workstations: whole("Workstations", 1, 2_000).optional(),
  availableFrom: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Available from must be a date")
    .optional(),
  rentKind: z.enum(rentKinds, { error: "Choose how the rent is given" }),
  rent: z.coerce
    .number({ error: "Rent must be a number" })
    .positive("Rent must be more than 0")
    .max(100_000_000, "Rent must be at most 100 000 000")
    .optional(),
  rentBasis: z.enum(rentBases, { error: "Choose gross or net" }),
  outgoings: text("Outgoings note", 200).optional(),
  carSpaces: whole("Car spaces", 0, 500).optional(),
  nabers: z.coerce
    .number({ error: "NABERS rating must be a number" })
    .min(0, "NABERS rating must be between 0 and 6 stars")
    .max(6, "NABERS rating must be between 0 and 6 stars")
    .multipleOf(0.5, "NABERS rating goes in half stars")
    .optional(),
  description: text("Description", 2000).optional(),
  status: z.enum(spaceStatuses, { error: "Choose a status" }),
});

/** The most photos a space shows. */
export const maxSpacePhotos = 8;

const uploadedImageId = z.string().regex(imageIdPattern, "This image is not available: upload it again.");

/** A space's photos (in order, each described) and floor plan: kept beside its details (decision 036). */
const spaceImageFields = {
  photos: z
    .array(z.object({ imageId: uploadedImageId, alt: text("Photo description", 200) }))
    .max(maxSpacePhotos, `A space has at most ${maxSpacePhotos} photos`)
    .default([]),
  floorPlanImageId: uploadedImageId.optional(),
  floorPlanAlt: text("Floor plan description", 200).optional(),
};

function spaceRules(space: z.output<typeof spaceFields>, context: z.RefinementCtx) {
  if (space.rentKind !== "on-application" && space.rent === undefined)
    context.addIssue({ code: "custom", path: ["rent"], message: "Rent is required unless on application" });
  if (space.area >= nabersRequiredFromSqm && space.nabers === undefined)
    context.addIssue({
      code: "custom",
      path: ["nabers"],
      message: `NABERS rating is required for ${nabersRequiredFromSqm} m² or more`,
    });
}

/** A space's details as stored: the form without its images. */
export const spaceSchema = spaceFields.superRefine(spaceRules);

/** A space as owners edit it at /manage/spaces: one schema, browser and server. */
export const spaceFormSchema = spaceFields.extend(spaceImageFields).superRefine((space, context) => {
  spaceRules(space, context);
  if (space.floorPlanImageId && !space.floorPlanAlt)
    context.addIssue({
      code: "custom",
      path: ["floorPlanAlt"],
      message: "Floor plan description is required",
    });
  const ids = [...space.photos.map((photo) => photo.imageId), space.floorPlanImageId].filter(Boolean);
  if (new Set(ids).size !== ids.length)
    context.addIssue({ code: "custom", path: ["photos"], message: "Each image can be shown once" });
});

export type SpaceDetails = z.output<typeof spaceSchema>;
export type SpaceForm = z.output<typeof spaceFormSchema>;

/** An image a space shows, with its description. */
export interface SpaceImage {
  image: ImageInfo;
  alt: string;
}

/** The rent as a listing says it: "$650 per m² per year, net", or "On application". */
export function rentText(space: Pick<SpaceDetails, "rentKind" | "rent" | "rentBasis">): string {
  if (space.rentKind === "on-application" || space.rent === undefined) return "On application";
  const amount = new Intl.NumberFormat("en-AU", {
    style: "currency",
    currency: "AUD",
    maximumFractionDigits: 0,
  });
  return `${amount.format(space.rent)} ${rentKindLabels[space.rentKind]}, ${space.rentBasis}`;
}

/** "Now", or the date in words: "1 March 2027". */
export function availableText(availableFrom: string | undefined, today: string): string {
  if (!availableFrom || availableFrom <= today) return "Now";
  return new Intl.DateTimeFormat("en-AU", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${availableFrom}T00:00:00Z`));
}

export interface SpaceCard {
  slug: string;
  name: string;
  area: number;
  available: string;
  rent: string;
  status: SpaceStatus;
  /** Its first photo, which the card shows. */
  photo?: SpaceImage;
}

/** Whether visitors see the space: listed, with its own page. */
export const isListed = (space: { status: SpaceStatus; archived: boolean }) =>
  !space.archived && space.status !== "leased";
