import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { db } from "~/.server/db/index.ts";
import { readForm } from "~/.server/http/forms.ts";
import { requestContext } from "~/.server/http/request-context.ts";
import { buildingDetails, enquiryRecipient } from "~/.server/site/building.ts";
import { sendEnquiry } from "~/.server/site/enquiries.ts";
import { filledInTime, stampHeaders } from "~/.server/site/enquiry-stamp.ts";
import { spaceBySlug } from "~/.server/site/spaces.ts";
import { ContactDetails, TradingHours } from "~/components/content/SiteDetails.tsx";
import { EnquiryForm } from "~/components/EnquiryForm.tsx";
import { cachedPage } from "~/http/http-policy.ts";
import { rootData } from "~/http/root-data.ts";
import { enquirySchema, honeypotField } from "~/site/enquiry-schema.ts";
import { seoMeta } from "~/site/seo.ts";
import { isListed } from "~/site/spaces.ts";
import type { Route } from "./+types/contact";

export const handle = cachedPage();

const rejections = {
  robot:
    "Sorry, your enquiry could not be sent. Please call or e-mail us instead: our details are on this page.",
  tooQuick: "Please take a moment to check your enquiry, then send it again.",
};

/**
 * A leasing enquiry from this page or /commercial. Robots are turned away (a filled honeypot,
 * a form sent sooner than a person could fill it) with a plain message, storing nothing; the
 * answer carries a fresh start stamp, so a person who was only quick can send again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, { exempt: "shared page, enquiry stamp" });
  const submission = parseWithZod(form, { schema: enquirySchema });
  const refuse = (message: string, status = 400) =>
    data({ result: submission.reply({ formErrors: [message] }) }, { status, headers: stampHeaders(request) });
  if (form.get(honeypotField)) return refuse(rejections.robot);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (!filledInTime(request)) return refuse(rejections.tooQuick);
  const { space, ...enquiry } = submission.value;
  // Only a space visitors can see is recorded: a stale or made-up one is left out, the enquiry kept.
  const listed = space ? await spaceBySlug(db(), space) : undefined;
  const result = await sendEnquiry(
    db(),
    context.get(requestContext).clientAddress,
    { ...enquiry, ...(listed && isListed(listed) ? { space } : {}) },
    enquiryRecipient(await buildingDetails(db())).address,
  );
  if (!result.ok) return refuse(result.message, result.status);
  throw redirect(href(result.sent ? "/contact/sent" : "/contact/received"), 303);
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(rootData(matches).publicUrl, {
    title: "Contact us",
    description:
      "Ask about office space in our Moncur Street building in Woollahra, or get in touch with the building's managers.",
    path: "/contact",
    keywords: ["Woollahra office space enquiry", "Moncur Street", "commercial lease"],
  });
}

export default function Contact({ actionData }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-semibold leading-tight sm:text-5xl">Contact us</h1>
        <p className="mt-4 text-lg leading-relaxed text-slate-700">
          Ask about office space in our Moncur Street building: tell us what you need and the building's
          managers will come back to you with what's available.
        </p>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="enquiry-heading" className="max-w-2xl">
          <h2 id="enquiry-heading" className="mb-4 text-2xl font-semibold">
            Leasing enquiry
          </h2>
          <EnquiryForm lastResult={actionData?.result} />
        </section>
        <aside className="space-y-6">
          <ContactDetails />
          <TradingHours />
        </aside>
      </div>
    </article>
  );
}
