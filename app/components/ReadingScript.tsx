import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/http/root-data.ts";

/**
 * One of the reading pages' small scripts, rendered by the component that needs it: React
 * writes each address once per page however many components ask (an async script is a
 * resource React deduplicates), so a page loads only the scripts it uses. The nonce lets it
 * run on a page rendered for one visitor; a cached page allows the site's own files.
 */
export function ReadingScript({ src }: { src: string }) {
  const root = useRouteLoaderData<RootData>("root");
  return <script type="module" src={src} async nonce={root?.nonce} />;
}
