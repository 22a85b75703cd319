import { type ComponentType, lazy } from "react";
import { z } from "zod";
import { type IllustrationName, illustrations } from "~/lib/illustrations.ts";

interface MdxModule {
  default: ComponentType<{ components?: Record<string, ComponentType<never>> }>;
  frontmatter: unknown;
}

const modules = import.meta.glob<MdxModule>("./pages/*.mdx");

const illustrationNames = Object.keys(illustrations) as [IllustrationName, ...IllustrationName[]];

export const frontmatterSchema = z.object({
  title: z.string().min(1).max(70),
  description: z.string().min(50).max(170),
  keywords: z.array(z.string().min(1)).min(1),
  author: z.string().min(1),
  image: z.enum(illustrationNames),
  imageAlt: z.string().min(1),
  layout: z.enum(["page", "profile"]).default("page"),
});

export type Frontmatter = z.infer<typeof frontmatterSchema>;

/** Each content page's file name, by the path it is served at. */
const pageNames: Record<string, string> = {
  "/": "home",
  "/offices-woollahra": "home",
};

export function pageNameFor(pathname: string): string | undefined {
  const name = pageNames[pathname] ?? pathname.replace(/^\/|\/$/g, "");
  return modules[`./pages/${name}.mdx`] ? name : undefined;
}

/** A page's front matter, checked; a malformed file fails loudly naming itself. */
export async function pageFrontmatter(name: string): Promise<Frontmatter> {
  const load = modules[`./pages/${name}.mdx`];
  if (!load) throw new Error(`no content page named ${name}`);
  const parsed = frontmatterSchema.safeParse((await load()).frontmatter);
  if (!parsed.success) throw new Error(`app/content/pages/${name}.mdx: ${parsed.error.message}`);
  return parsed.data;
}

const components = new Map<string, ComponentType<{ components?: Record<string, ComponentType<never>> }>>();

/** A page's body, loaded with its own code chunk the first time it is shown. */
export function pageBody(name: string) {
  let component = components.get(name);
  if (!component) {
    const load = modules[`./pages/${name}.mdx`];
    if (!load) throw new Error(`no content page named ${name}`);
    component = lazy(load);
    components.set(name, component);
  }
  return component;
}

/** Loads a page's code ahead of rendering it (client-side navigation). */
export async function preloadPage(name: string): Promise<void> {
  await modules[`./pages/${name}.mdx`]?.();
}
