import { request } from "node:http";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RawRequest {
  method: string;
  /** Sent exactly as given: fetch() would normalise "..", backslashes and some escapes away. */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** A Content-Length to claim instead of the body's real length. */
  declaredLength?: number;
  /** How long the server may take to answer. */
  timeoutMs?: number;
}

/** One HTTP/1.1 request over a fresh loopback connection; a server that never answers is an error. */
export function rawRequest(baseUrl: string, options: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers: Record<string, string> = { connection: "close", ...options.headers };
  if (options.declaredLength !== undefined) headers["content-length"] = String(options.declaredLength);
  else if (body !== undefined && !headers["transfer-encoding"])
    headers["content-length"] ??= String(body.length);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        method: options.method,
        path: options.path,
        headers,
        timeout: options.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
        // A refusal sent before the whole claimed body arrived ends the exchange.
        if (options.declaredLength !== undefined) res.on("end", () => req.destroy());
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer to ${options.method} ${options.path}`)));
    req.on("error", reject);
    if (body !== undefined && options.declaredLength === undefined) req.end(body);
    else if (body !== undefined) req.write(body);
    else req.end();
  });
}
