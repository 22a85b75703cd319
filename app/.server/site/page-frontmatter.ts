import { z } from "zod";
import { loadPage } from "~/content/pages.ts";
import { type IllustrationName, illustrations } from "~/site/illustrations.ts";

const illustrationNames = Object.keys(illustrations) as [IllustrationName, ...IllustrationName[]];

/** What every content page's front matter must say (checked on the server only). */
export const frontmatterSchema = z.object({
  title: z.string().min(1).max(70),
  description: z.string().min(50).max(170),
  keywords: z.array(z.string().min(1)).min(1),
  author: z.string().min(1),
  image: z.enum(illustrationNames),
  imageAlt: z.string().min(1),
  layout: z.enum(["page", "profile"]).default("page"),
  /** A sample person's profile, shipped with the site until the owner replaces it. */
  sample: z.boolean().default(false),
});

export type Frontmatter = z.infer<typeof frontmatterSchema>;

/** A page's front matter, checked; a malformed file fails loudly naming itself. */
export async function pageFrontmatter(name: string): Promise<Frontmatter> {
  const parsed = frontmatterSchema.safeParse((await loadPage(name)).frontmatter);
  if (!parsed.success) throw new Error(`app/content/pages/${name}.mdx: ${parsed.error.message}`);
  return parsed.data;
}
