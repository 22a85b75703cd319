import { data } from "react-router";
import { storage } from "~/.server/storage/index.ts";
import { contentTypes, imageIdPattern, variantPattern } from "~/lib/image-variants.ts";
import type { Route } from "./+types/images";

/** One variant of a processed image; its name never changes, so it may be cached for good (nosniff, like every response, comes from the server). */
export async function loader({ params }: Route.LoaderArgs) {
  const match = variantPattern.exec(params.variant);
  if (!imageIdPattern.test(params.id) || !match) throw data(null, { status: 404 });
  const object = await storage().get(`${params.id}/${params.variant}`);
  if (!object) throw data(null, { status: 404 });
  return new Response(object.body, {
    headers: {
      "Content-Type": contentTypes[match[2] as string] as string,
      "Content-Length": String(object.size),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
