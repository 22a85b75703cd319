import { request as httpRequest } from "node:http";
import { request as httpsRequest, type RequestOptions } from "node:https";

/** The part of `fetch` the tests' visitors use. */
export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** Statuses whose responses have no body (a Response refuses one). */
const bodiless = new Set([101, 204, 205, 304]);

/**
 * `fetch` for what the global one cannot do: trust one certificate (a test's self-signed
 * one) and connect from a chosen loopback address (127.0.0.2, 127.0.0.3…), so that a server
 * or a proxy sees distinct clients. Redirects are never followed.
 */
export function loopbackFetch(connection: { ca?: string; localAddress?: string }): Fetch {
  return (url, init = {}) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const body = init.body === undefined || init.body === null ? undefined : String(init.body);
      const headers: Record<string, string> = Object.fromEntries(new Headers(init.headers));
      if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
      const method = init.method ?? "GET";
      const options: RequestOptions = { method, headers, agent: false, ...connection };
      const send = target.protocol === "https:" ? httpsRequest : httpRequest;
      const request = send(target, options, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          const received = new Headers();
          for (let index = 0; index < response.rawHeaders.length; index += 2) {
            received.append(response.rawHeaders[index] ?? "", response.rawHeaders[index + 1] ?? "");
          }
          const content =
            bodiless.has(status) || method === "HEAD" ? null : new Uint8Array(Buffer.concat(chunks));
          resolve(new Response(content, { status, headers: received }));
        });
      });
      request.on("error", reject);
      request.end(body);
    });
}
