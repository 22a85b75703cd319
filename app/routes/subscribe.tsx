import { data, href, redirect } from "react-router";
import { db } from "~/.server/db/index.ts";
import { readForm } from "~/.server/http/forms.ts";
import { requestContext } from "~/.server/http/request-context.ts";
import { filledInTime, stampHeaders } from "~/.server/site/enquiry-stamp.ts";
import { requestSubscription } from "~/.server/subscriptions/subscribers.ts";
import { SubscribeForm } from "~/components/SubscribeForm.tsx";
import { cachedPage } from "~/http/http-policy.ts";
import { rootData } from "~/http/root-data.ts";
import { honeypotField } from "~/site/enquiry-schema.ts";
import { seoMeta } from "~/site/seo.ts";
import { subscribeSchema, subscriptionMessages } from "~/subscriptions/subscription-schema.ts";
import type { Route } from "./+types/subscribe";

export const handle = cachedPage();

/**
 * A subscription from any of the site's subscribe forms. Robots (a filled honeypot, a form
 * sent sooner than a person could) are turned away storing nothing, with a fresh start stamp
 * so a person who was only quick can send again. Every address then gets the same answer,
 * after a redirect (reloading sends nothing twice).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, { exempt: "shared page, enquiry stamp" });
  const refuse = (error: string, status = 400) =>
    data(
      { error, email: typeof form.get("email") === "string" ? String(form.get("email")) : "" },
      { status, headers: stampHeaders(request) },
    );
  if (form.get(honeypotField)) return refuse(subscriptionMessages.robot);
  const parsed = subscribeSchema.safeParse({ email: form.get("email") ?? undefined });
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? "Email is required");
  if (!filledInTime(request)) return refuse(subscriptionMessages.tooQuick);
  const result = await requestSubscription(
    db(),
    context.get(requestContext).clientAddress,
    parsed.data.email,
  );
  if (!result.ok) return refuse(result.message, result.status);
  throw redirect(href("/subscribe/sent"), 303);
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(rootData(matches).publicUrl, {
    title: "Subscribe",
    description:
      "New posts of the Woollahra Moncur blog by e-mail: about the building, the village and its history.",
    path: href("/subscribe"),
  });
}

export default function Subscribe({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-semibold sm:text-4xl">Subscribe</h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-700">
        Get each new post of our blog by e-mail: news of the building, the village and its history. We send
        nothing else, and you can leave with one click.
      </p>
      <div className="mt-8">
        <SubscribeForm id="subscribe" error={actionData?.error} email={actionData?.email} />
      </div>
    </div>
  );
}
