import { type RootData, rootData } from "../http/root-data.ts";
import { seoMeta } from "./seo.ts";

type Matches = Parameters<typeof rootData>[0];

/** A manage page's title and description; never indexed. */
export function manageMeta(matches: Matches, title: string, path: string) {
  const { publicUrl }: RootData = rootData(matches);
  return [
    ...seoMeta(publicUrl, {
      title,
      description: "The owners' area of the Woollahra Moncur website.",
      path,
    }),
    { name: "robots", content: "noindex" },
  ];
}
