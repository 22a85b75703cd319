import { href, useLocation } from "react-router";
import { PageLink } from "~/components/PageLink.tsx";
import { cachedPage } from "~/http/http-policy.ts";
import { rootData } from "~/http/root-data.ts";
import { enquiryKept, enquirySent } from "~/site/enquiry-schema.ts";
import { seoMeta } from "~/site/seo.ts";
import type { Route } from "./+types/contact-sent";

export const handle = cachedPage();

/**
 * Where an enquiry lands (after a redirect, so reloading sends nothing twice): sent, or only
 * received while the enquiry address is still an example (the page says no more than happened).
 */
const outcomes: Record<string, { title: string; message: string }> = {
  [href("/contact/sent")]: { title: "Enquiry sent", message: enquirySent },
  [href("/contact/received")]: { title: "Enquiry received", message: enquiryKept },
};

const outcomeAt = (pathname: string) => outcomes[pathname] ?? outcomes[href("/contact/sent")];

export function meta({ matches, location }: Route.MetaArgs) {
  const { title, message } = outcomeAt(location.pathname) ?? { title: "", message: "" };
  return [
    ...seoMeta(rootData(matches).publicUrl, { title, description: message, path: location.pathname }),
    { name: "robots", content: "noindex" },
  ];
}

export default function ContactSent() {
  const { title, message } = outcomeAt(useLocation().pathname) ?? { title: "", message: "" };
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p role="status" className="mt-6 text-lg">
        {message}
      </p>
      <PageLink
        href={href("/commercial")}
        className="mt-6 inline-block font-semibold text-heritage-700 underline underline-offset-4"
      >
        Back to office space
      </PageLink>
    </div>
  );
}
