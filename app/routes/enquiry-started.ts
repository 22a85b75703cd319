import { stampHeaders } from "~/.server/site/enquiry-stamp.ts";

/** A transparent 1×1 GIF. */
const pixel = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * The image an enquiry form carries: it records, in a signed cookie, when the visitor's
 * browser loaded the form, so the page itself carries nothing personal and stays shareable.
 */
export function loader({ request }: { request: Request }) {
  const headers = stampHeaders(request);
  headers.set("Content-Type", "image/gif");
  headers.set("Content-Length", String(pixel.length));
  return new Response(pixel, { headers });
}
