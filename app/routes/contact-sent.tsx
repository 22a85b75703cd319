import { PageLink } from "~/components/PageLink.tsx";
import { cachedPage } from "~/http/http-policy.ts";
import { rootData } from "~/http/root-data.ts";
import { enquirySent } from "~/site/enquiry-schema.ts";
import { seoMeta } from "~/site/seo.ts";
import type { Route } from "./+types/contact-sent";

export const handle = cachedPage();

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...seoMeta(rootData(matches).publicUrl, {
      title: "Enquiry sent",
      description: "Your enquiry has been sent to the building's managers.",
      path: "/contact/sent",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** Where a sent enquiry lands (after a redirect, so reloading sends nothing twice). */
export default function ContactSent() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-semibold">Enquiry sent</h1>
      <p role="status" className="mt-6 text-lg">
        {enquirySent}
      </p>
      <PageLink
        href="/commercial"
        className="mt-6 inline-block font-semibold text-heritage-700 underline underline-offset-4"
      >
        Back to office space
      </PageLink>
    </div>
  );
}
