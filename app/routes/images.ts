import { data } from "react-router";
import { storage } from "~/.server/uploads/storage/index.ts";
import {
  contentTypes,
  imageIdPattern,
  variantCacheControl,
  variantPattern,
} from "~/uploads/image-variants.ts";
import type { Route } from "./+types/images";

/**
 * One variant of a processed image, streamed from the store or, when the store is public, a
 * redirect to it; either answer may be cached for good (nosniff, like every response, comes
 * from the server).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const match = variantPattern.exec(params.variant);
  if (!imageIdPattern.test(params.id) || !match) throw data(null, { status: 404 });
  const key = `${params.id}/${params.variant}`;
  const store = await storage();
  const publicUrl = store.publicUrl(key);
  if (publicUrl) {
    return new Response(null, {
      status: 302,
      headers: { Location: publicUrl, "Cache-Control": variantCacheControl },
    });
  }
  const object = await store.get(key);
  if (!object) throw data(null, { status: 404 });
  return new Response(object.body, {
    headers: {
      "Content-Type": contentTypes[match[2] as string] as string,
      "Content-Length": String(object.size),
      "Cache-Control": variantCacheControl,
    },
  });
}
