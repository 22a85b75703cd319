import { type ComponentType, lazy } from "react";

interface MdxModule {
  default: ComponentType<{ components?: Record<string, ComponentType<never>> }>;
  frontmatter: unknown;
}

const modules = import.meta.glob<MdxModule>("./pages/*.mdx");

/** Each content page's file name, by the path it is served at. */
const pageNames: Record<string, string> = {
  "/": "home",
  "/offices-woollahra": "home",
};

export function pageNameFor(pathname: string): string | undefined {
  const name = pageNames[pathname] ?? pathname.replace(/^\/|\/$/g, "");
  return modules[`./pages/${name}.mdx`] ? name : undefined;
}

/** A page's module (its body and its front matter), loaded on first use. */
export async function loadPage(name: string): Promise<MdxModule> {
  const load = modules[`./pages/${name}.mdx`];
  if (!load) throw new Error(`no content page named ${name}`);
  return load();
}

const bodies = new Map<string, MdxModule["default"]>();

/** A page's body, loaded with its own code chunk the first time it is shown. */
export function pageBody(name: string): MdxModule["default"] {
  let body = bodies.get(name);
  if (!body) {
    body = lazy(() => loadPage(name));
    bodies.set(name, body);
  }
  return body;
}

/** Loads a page's code ahead of rendering it (client-side navigation). */
export async function preloadPage(name: string): Promise<void> {
  await loadPage(name);
}
