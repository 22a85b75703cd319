import { type ComponentType, lazy } from "react";

interface MdxModule {
  default: ComponentType<{ components?: Record<string, ComponentType<never>> }>;
  frontmatter: unknown;
}

const modules = import.meta.glob<MdxModule>("./pages/*.mdx");

/** The content pages whose file is not named after the path they are served at. */
const pageNames: Record<string, string> = {
  "/": "index",
  "/offices-woollahra": "index",
  "/post": "post-office",
};

export function pageNameFor(pathname: string): string | undefined {
  const name = pageNames[pathname] ?? pathname.replace(/^\/|\/$/g, "");
  return modules[`./pages/${name}.mdx`] ? name : undefined;
}

const loaded = new Map<string, MdxModule>();

/** A page's module (its body and its front matter), loaded on first use. */
export async function loadPage(name: string): Promise<MdxModule> {
  const load = modules[`./pages/${name}.mdx`];
  if (!load) throw new Error(`no content page named ${name}`);
  const page = await load();
  loaded.set(name, page);
  return page;
}

const lazyBodies = new Map<string, MdxModule["default"]>();

/**
 * A page's body: the component itself once its module is loaded (always so on the server,
 * whose loader loads it, so the HTML carries the body in place), else a lazy one that loads
 * its own code chunk (while the browser hydrates, React keeps the server's HTML meanwhile).
 */
export function pageBody(name: string): MdxModule["default"] {
  const page = loaded.get(name);
  if (page) return page.default;
  let body = lazyBodies.get(name);
  if (!body) {
    body = lazy(() => loadPage(name));
    lazyBodies.set(name, body);
  }
  return body;
}

/** Loads a page's code ahead of rendering it (client-side navigation). */
export async function preloadPage(name: string): Promise<void> {
  await loadPage(name);
}
