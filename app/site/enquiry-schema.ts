import { email } from "../accounts/credentials-schema.ts";
import { z } from "../http/zod.ts";

/** The longest each field of a leasing enquiry may be (the message's is SPEC §11's). */
export const enquiryLimits = { name: 100, phone: 40, company: 100, lookingFor: 200, message: 2000 } as const;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must not exceed ${max} characters`)
    .optional()
    .transform((value) => value || undefined);

/** A leasing enquiry: the same rules and messages in the browser and on the server. */
export const enquirySchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(enquiryLimits.name, `Name must not exceed ${enquiryLimits.name} characters`),
  email,
  phone: optionalText(enquiryLimits.phone, "Phone").pipe(
    z
      .string()
      .regex(/^\+?[0-9 ().-]{6,}$/, "Phone should be a phone number, e.g. 02 5550 0103")
      .optional(),
  ),
  company: optionalText(enquiryLimits.company, "Company"),
  lookingFor: optionalText(enquiryLimits.lookingFor, "What you are looking for"),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(enquiryLimits.message, `Message must not exceed ${enquiryLimits.message} characters`),
});

type Parsed = z.infer<typeof enquirySchema>;
type OptionalField = "phone" | "company" | "lookingFor";

/** An enquiry as the form gives it, the optional fields absent when left empty. */
export type Enquiry = Omit<Parsed, OptionalField> & Partial<Pick<Parsed, OptionalField>>;

/** The hidden field people leave empty and form-filling robots fill in. */
export const honeypotField = "website";

export const enquirySent = "Thank you. Your enquiry has been sent to the building's managers.";

/** While the enquiry address is an example nothing is sent, and the visitor is told only what happened. */
export const enquiryKept = "Thank you. Your enquiry has been received and kept for the building's managers.";
