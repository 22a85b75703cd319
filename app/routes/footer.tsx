import { href } from "react-router";
import { cachedPage } from "~/http/http-policy.ts";
import { rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import { site } from "~/site/site.ts";
import type { Route } from "./+types/footer";

export const handle = cachedPage();

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(rootData(matches).publicUrl, {
    title: "Contacts and links",
    description: `How to reach ${site.name}: trading, technical support, real estate and building management contacts, our profiles and where to follow us.`,
    path: href("/footer"),
  });
}

/** The footer as a page of its own: the layout renders the footer below this heading. */
export default function FooterPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-semibold">Contacts and links</h1>
      <p className="mt-4 text-lg">
        Every contact group, our sample profiles and where to follow the blog are in the footer below.
      </p>
    </div>
  );
}
