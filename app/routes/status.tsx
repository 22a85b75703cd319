import { href } from "react-router";
import { buildInfo } from "~/.server/build-info.ts";
import { rootData } from "~/http/root-data.ts";
import { seoMeta } from "~/site/seo.ts";
import type { Route } from "./+types/status";

export function loader() {
  return buildInfo;
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(rootData(matches).publicUrl, {
    title: "Status",
    description: "The Woollahra Moncur website is up and running; this page shows the version it runs.",
    path: href("/status"),
  });
}

export default function Status({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-semibold">It works</h1>
      <p className="mt-4 text-lg">
        The site is running version <strong data-testid="version">{loaderData.version}</strong>
        {loaderData.commit && (
          <>
            , built from commit <code data-testid="commit">{loaderData.commit}</code>
          </>
        )}
        .
      </p>
    </div>
  );
}
