import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/http/root-data.ts";
import { appLinkSelector } from "./PageLink.tsx";

/**
 * Reading pages are documents; moving between them is made near-instant where browsers allow
 * by prefetching the next page when the pointer rests on its link or presses it ("moderate").
 * Links to the app's pages and to files are left alone (an app page is personal and never
 * cached; prefetching it would only cost the server).
 */
const rules = JSON.stringify({
  prefetch: [
    {
      source: "document",
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: "/*.*" } },
          { not: { selector_matches: appLinkSelector } },
          { not: { selector_matches: "[rel~=nofollow]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});

export function SpeculationRules() {
  const root = useRouteLoaderData<RootData>("root");
  return (
    <script
      type="speculationrules"
      nonce={root?.nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant written here, no visitor's text
      dangerouslySetInnerHTML={{ __html: rules }}
    />
  );
}
