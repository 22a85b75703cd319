import { href } from "react-router";
import { PageLink } from "~/components/PageLink.tsx";
import { cachedPage } from "~/http/http-policy.ts";
import { rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import { subscribeAnswer } from "~/subscriptions/subscription-schema.ts";
import type { Route } from "./+types/subscribe-sent";

export const handle = cachedPage();

/** Where every subscription lands, whatever the address: the one answer (SPEC §15). */
export function meta({ matches }: Route.MetaArgs) {
  return [
    ...seoMeta(rootData(matches).publicUrl, {
      title: "Check your inbox",
      description: subscribeAnswer,
      path: href("/subscribe/sent"),
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function SubscribeSent() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-semibold">Check your inbox</h1>
      <p role="status" className="mt-6 text-lg">
        {subscribeAnswer}
      </p>
      <p className="mt-4 text-slate-700">
        The link in the message works for 7 days. Nothing arrives? Look in the spam folder, or subscribe again
        a little later.
      </p>
      <PageLink
        href={href("/home")}
        className="mt-6 inline-block font-semibold text-heritage-700 underline underline-offset-4"
      >
        Back to the blog
      </PageLink>
    </div>
  );
}
